/**
 * The paths of the API's calls (spec section 7), under /api: the server registers these
 * patterns and the browser fills them in, so the two cannot drift apart.
 */
export const API_PATHS = {
  cities: { list: '/cities', one: '/cities/:id', create: '/cities' },
  cityConfig: { one: '/config/:cityId' },
  tags: { cityList: '/tags/cities/:cityId', one: '/tags/:id', create: '/tags', many: '/tags' },
  districts: {
    cityList: '/cities/:cityId/districts',
    plain: '/districts/plain/:cityId',
    one: '/districts/:id',
    create: '/districts',
    many: '/districts',
  },
  cuisines: { list: '/cuisines', cityList: '/cuisines/city/:cityId', one: '/cuisines/:id', create: '/cuisines' },
  cannedReplies: {
    list: '/cannedReplies',
    one: '/cannedReplies/:id',
    create: '/cannedReplies',
    used: '/cannedReplies/:id/used',
    forOrder: '/cannedReplies/order/:threadId',
  },
  bots: { list: '/bots', one: '/bots/:id', create: '/bots', freeCities: '/cities/for_bots', freeCitiesFor: '/cities/for_bots/:botId' },
  globalSettings: { one: '/superadmin/globalSettings' },
  settingsChecks: { globalSettings: '/superadmin/checkGlobalSettings', citiesConfigs: '/superadmin/checkCitiesConfigs' },
  photos: { one: '/photo' },
  restaurants: {
    list: '/restaurants',
    cityList: '/restaurants/city/:cityId',
    one: '/restaurants/:id',
    create: '/restaurants',
    photo: '/restaurants/:id/photo',
    pause: '/restaurants/:id/pause',
  },
  orders: {
    list: '/orders',
    totals: '/orders/totals',
    statusCounts: '/orders/statusCounts',
    unread: '/orders/unread',
    chatRead: '/orders/:threadId/chat/read',
    export: '/orders/export/excel',
    one: '/orders/:id',
    messages: '/orders/:threadId',
    toRestaurant: '/messages/:threadId/restaurant',
    customerAddress: '/users/:id/address',
  },
  reviews: { cityList: '/reviews/:cityId', restaurantList: '/reviews/restaurant/:restaurantId', one: '/reviews/:id' },
  ads: {
    list: '/advertisements',
    one: '/advertisements/:id',
    create: '/advertisements',
    chat: '/advertisements/chat',
    timeout: '/advertisements/timeout',
  },
  videos: { one: '/video' },
  mailings: { list: '/spam', one: '/spam/:id', test: '/spam/sendTestMessage', recipientCount: '/users/count' },
  /** One figure per path: `/stats/orders`, `/stats/newUsers`, ... (STATS_FIGURES). */
  stats: { figure: '/stats/:figure', topUsers: '/users/top' },
  staff: { list: '/users', one: '/users/:id', create: '/users' },
  /** The caller's own second factor, and an admin's reset of another's (src/domain/secondFactor.ts). */
  secondFactor: {
    status: '/secondFactor',
    setup: '/secondFactor/setup',
    confirm: '/secondFactor/confirm',
    disable: '/secondFactor/disable',
    reset: '/users/:id/secondFactor',
  },
  menu: { categories: '/dishCategories', category: '/dishCategories/:id', dishes: '/dishes', dish: '/dishes/:id', bulk: '/dishes/bulk' },
  notifications: {
    list: '/notifications',
    unreadCount: '/notifications/unreadCount',
    read: '/notifications/:id/read',
    readAll: '/notifications/read',
  },
  language: { saved: '/languages', one: '/language/:id', checkout: '/language/checkout-locale/:id' },
} as const;

/** A path pattern with its `:name` parameters filled in: `fillPath('/tags/:id', {id: 3})` is `/tags/3`. */
export const fillPath = (pattern: string, params: Record<string, string | number>): string =>
  pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${pattern} needs ${name}`);
    return encodeURIComponent(String(value));
  });
