import { sql, type Kysely } from 'kysely';
import { pauseAsOf } from '../../../src/domain/pause';
import { Role } from '../../../src/domain/roles';
import { MessageStatus, OrderStatus, PaymentMethod, PaymentsMode } from '../../../src/domain/statuses';
import type { Database } from '../schema';

/**
 * The demo, alive: what one moment of a working service writes, the way the bot writes it
 * (straight into the tables, so every trigger and live event fires as for a real order). A
 * customer places an order; now and then a customer or a restaurant writes in an open order's
 * chat; now and then a restaurant moves one of its orders along. Most orders are left waiting
 * for a while, so that late-order timers go off as they would in a busy evening.
 *
 * It runs only in a database the demo's seed filled (DEMO_MARKER_KEY), never in real data.
 */

/** The global setting the demo's seed leaves (its value: when it was seeded); nothing else writes it. */
export const DEMO_MARKER_KEY = 'demoSeededAt';

/** Whether the demo's seed filled this database. */
export async function isDemoDatabase(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('global_settings').select('key').where('key', '=', DEMO_MARKER_KEY).executeTakeFirst();
  return row !== undefined;
}

/** A float in [0, 1), like Math.random; tests pass a seeded one. */
export type RandomSource = () => number;

export interface DemoTickOptions {
  now: Date;
  random: RandomSource;
  /** The chance that the moment also brings a chat message, and a restaurant moving an order along. */
  chatChance?: number;
  moveChance?: number;
}

/** What one moment wrote (ids, or null for what it did not do). */
export interface DemoTick {
  orderId: number | null;
  messageId: number | null;
  movedOrderId: number | null;
  finishedOrderId: number | null;
}

const CHAT_CHANCE = 0.6;
const MOVE_CHANCE = 0.6;
/** Orders left open per city before the oldest is closed, so that a demo left running for days stays readable. */
const OPEN_ORDERS_PER_CITY = 30;
/** Messages and moves go to the newest open orders: the ones an operator is watching. */
const RECENT_ORDERS = 12;
const THREAD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const THREAD_LENGTH = 9;
const HOUR_MS = 3_600_000;

/** What customers and restaurants write while an order is under way, per customer language. */
const LINES: Record<string, { customer: readonly string[]; restaurant: readonly string[] }> = {
  en: {
    customer: [
      'Hi! How long will it take?',
      'Please call me when you are at the door.',
      'Could you add some extra napkins?',
      'Can I pay the courier by card?',
      'The entrance is around the corner, by the pharmacy.',
    ],
    restaurant: [
      'Thank you, we have your order!',
      'Your order will be ready in about 25 minutes.',
      'Sorry, we are busy tonight: 10 more minutes, please.',
      'The courier is on the way.',
      'We are out of lemonade: may we bring sparkling water instead?',
    ],
  },
  ru: {
    customer: [
      'Здравствуйте! Сколько ждать?',
      'Позвоните, пожалуйста, когда будете у двери.',
      'Можно положить побольше салфеток?',
      'Курьеру можно заплатить картой?',
      'Вход за углом, возле аптеки.',
    ],
    restaurant: [
      'Спасибо, заказ приняли!',
      'Заказ будет готов примерно через 25 минут.',
      'Извините, сегодня много заказов: ещё 10 минут, пожалуйста.',
      'Курьер уже в пути.',
      'Лимонад закончился: можно заменить на газированную воду?',
    ],
  },
  es: {
    customer: [
      '¡Hola! ¿Cuánto tardará?',
      'Llamadme cuando estéis en la puerta, por favor.',
      '¿Podéis poner más servilletas?',
      '¿Puedo pagar con tarjeta al repartidor?',
      'La entrada está a la vuelta de la esquina, junto a la farmacia.',
    ],
    restaurant: [
      '¡Gracias, hemos recibido tu pedido!',
      'Tu pedido estará listo en unos 25 minutos.',
      'Perdona, hoy vamos con retraso: 10 minutos más, por favor.',
      'El repartidor ya está en camino.',
      'Se nos ha acabado la limonada: ¿te la cambiamos por agua con gas?',
    ],
  },
};

/** The next status a restaurant moves an order to (null: the one after depends on the order). */
const NEXT_STATUS: Partial<Record<number, number | null>> = {
  [OrderStatus.CREATED]: OrderStatus.CONFIRMED,
  [OrderStatus.PAID]: OrderStatus.CONFIRMED,
  [OrderStatus.CONFIRMED]: OrderStatus.SERVING,
  [OrderStatus.SERVING]: OrderStatus.COOKED,
  [OrderStatus.DELAYED]: OrderStatus.COOKED,
  // A delivery goes out with a courier; a pickup is handed over.
  [OrderStatus.COOKED]: null,
  [OrderStatus.OUT_FOR_DELIVERY]: OrderStatus.DELIVERED,
};
const MOVABLE = Object.keys(NEXT_STATUS).map(Number);

const money = (value: number): number => Math.round(value * 100) / 100;

const drawing = (random: RandomSource) => {
  const int = (min: number, max: number) => min + Math.min(max - min, Math.floor(random() * (max - min + 1)));
  return {
    int,
    chance: (probability: number) => random() < probability,
    pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)],
    token: (length: number) => Array.from({ length }, () => THREAD_ALPHABET[int(0, THREAD_ALPHABET.length - 1)]).join(''),
  };
};
type Draw = ReturnType<typeof drawing>;

/** Minutes of the day from `HH:MM`. */
const minutesOf = (time: string): number => {
  const [hours, minutes] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

/**
 * Whether a schedule (`HH:MM-HH:MM`, maybe a second window after a comma; an end at or before
 * its start runs past midnight) is open at `minute` of the day. An empty one sets no hours.
 */
export const scheduleOpenAt = (schedule: string, minute: number): boolean => {
  const windows = schedule
    .split(',')
    .map((window) => window.trim())
    .filter((window) => /^\d\d:\d\d-\d\d:\d\d$/.test(window));
  if (windows.length === 0) return true;
  return windows.some((window) => {
    const [start, end] = window.split('-').map(minutesOf);
    return start < end ? minute >= start && minute < end : minute >= start || minute < end;
  });
};

interface Candidate {
  id: number;
  city_id: number;
  can_delivery: boolean;
  can_pickup: boolean;
  delivery_price: number;
  paused_at: Date | null;
  paused_until: Date | null;
  schedule: string;
}

/**
 * The restaurants a customer could order from now: enabled, in an active city with customers,
 * not paused, with a dish to sell; those within their hours (in the city's time) when any are,
 * else the rest, so that the demo keeps going at night when every kitchen has closed.
 */
async function orderableRestaurants(db: Kysely<Database>, now: Date): Promise<{ pool: Candidate[]; shifts: Map<number, number> }> {
  const withCustomers = await db
    .selectFrom('users')
    .innerJoin('cities', 'cities.id', 'users.city_id')
    .select('users.city_id')
    .distinct()
    .where('users.role_id', '=', Role.USER)
    .where('users.blocked', '=', false)
    .where('cities.active', '=', true)
    .execute();
  const cityIds = withCustomers.flatMap((row) => (row.city_id === null ? [] : [row.city_id]));
  if (cityIds.length === 0) return { pool: [], shifts: new Map() };
  const restaurants = await db
    .selectFrom('restaurants as r')
    .select(['r.id', 'r.city_id', 'r.can_delivery', 'r.can_pickup', 'r.delivery_price', 'r.paused_at', 'r.paused_until', 'r.schedule'])
    .where('r.city_id', 'in', cityIds)
    .where('r.enabled', '=', true)
    .where('r.active', '=', true)
    .where('r.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('r.can_delivery', '=', true), eb('r.can_pickup', '=', true)]))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('dishes as d')
          .innerJoin('dish_categories as dc', 'dc.id', 'd.dish_category_id')
          .select('d.id')
          .whereRef('dc.restaurant_id', '=', 'r.id')
          .where('dc.enabled', '=', true)
          .where('d.enabled', '=', true)
          .where('d.price', '>', 0)
          .where((inner) => inner.or([inner('d.amount', 'is', null), inner('d.amount', '>', 0)])),
      ),
    )
    .orderBy('r.id')
    .execute();
  const open = restaurants.filter((r) => !pauseAsOf(r.paused_at, r.paused_until, now).paused);
  if (open.length === 0) return { pool: [], shifts: new Map() };
  const shiftRows = await db
    .selectFrom('city_configs')
    .select(['city_id', 'value'])
    .where('key', '=', 'timeShift')
    .where('city_id', 'in', cityIds)
    .execute();
  const shifts = new Map(shiftRows.map((row) => [row.city_id, Number(row.value) || 0]));
  const days = await db
    .selectFrom('restaurant_working_days')
    .select(['restaurant_id', 'value', 'enabled', 'schedule'])
    .where(
      'restaurant_id',
      'in',
      open.map((r) => r.id),
    )
    .execute();
  const inHours = open.filter((r) => {
    const local = new Date(now.getTime() + (shifts.get(r.city_id) ?? 0) * HOUR_MS);
    const weekday = local.getUTCDay() === 0 ? 7 : local.getUTCDay();
    const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
    const own = days.filter((day) => day.restaurant_id === r.id);
    if (own.length === 0) return scheduleOpenAt(r.schedule, minute);
    const today = own.find((day) => day.value === weekday);
    return today !== undefined && today.enabled && scheduleOpenAt(today.schedule, minute);
  });
  return { pool: inHours.length > 0 ? inHours : open, shifts };
}

/** A customer of the city places an order: 1-4 of the restaurant's dishes, summed as the bot sums them. */
async function placeOrder(db: Kysely<Database>, now: Date, draw: Draw): Promise<{ orderId: number; cityId: number } | null> {
  const { pool } = await orderableRestaurants(db, now);
  if (pool.length === 0) return null;
  const restaurant = draw.pick(pool);
  const cityId = restaurant.city_id;
  const city = await db.selectFrom('cities').select('currency').where('id', '=', cityId).executeTakeFirstOrThrow();

  const customers = db.selectFrom('users').where('role_id', '=', Role.USER).where('city_id', '=', cityId).where('blocked', '=', false);
  const { n } = await customers.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const customer = await customers
    .select(['id', 'address', 'additional_address'])
    .orderBy('id')
    .offset(draw.int(0, Number(n) - 1))
    .limit(1)
    .executeTakeFirst();
  if (!customer) return null;

  const dishes = await db
    .selectFrom('dishes as d')
    .innerJoin('dish_categories as dc', 'dc.id', 'd.dish_category_id')
    .select(['d.id', 'd.name', 'd.name_ru', 'd.price'])
    .where('dc.restaurant_id', '=', restaurant.id)
    .where('dc.enabled', '=', true)
    .where('d.enabled', '=', true)
    .where('d.price', '>', 0)
    .where((eb) => eb.or([eb('d.amount', 'is', null), eb('d.amount', '>', 0)]))
    .orderBy('d.id')
    .execute();
  const chosen: typeof dishes = [];
  const left = [...dishes];
  for (let wanted = draw.int(1, 4); chosen.length < wanted && left.length > 0;)
    chosen.push(left.splice(draw.int(0, left.length - 1), 1)[0]);
  const items = chosen.map((dish) => {
    const count = draw.pick([1, 1, 1, 2, 2, 3]);
    return { dish, count, sum: money(dish.price * count) };
  });
  const sum = money(items.reduce((total, item) => total + item.sum, 0));

  // Delivered to one of the districts the restaurant serves (at that district's price), or picked up.
  const districts = await db
    .selectFrom('district_restaurants')
    .select(['district_id', 'price'])
    .where('restaurant_id', '=', restaurant.id)
    .where('enabled', '=', true)
    .orderBy('district_id')
    .execute();
  const delivery = restaurant.can_delivery && (!restaurant.can_pickup || draw.chance(0.8));
  const district = delivery && districts.length > 0 ? draw.pick(districts) : null;
  const deliveryCost = delivery ? money(district?.price ?? restaurant.delivery_price) : 0;

  // Paid in the bot when the city takes cards (then with its service fee), else cash to the courier.
  const configRows = await db
    .selectFrom('city_configs')
    .select(['key', 'value'])
    .where('city_id', '=', cityId)
    .where('key', 'in', ['telegramPaymentsStatus', 'serviceFeeMultiplier'])
    .execute();
  const config = new Map(configRows.map((row) => [row.key, row.value]));
  const payments = Number(config.get('telegramPaymentsStatus') ?? PaymentsMode.CASH_ONLY);
  const cashless = payments === PaymentsMode.CASHLESS_ONLY || (payments === PaymentsMode.BOTH && draw.chance(0.35));
  const serviceFee = cashless ? money(sum * (Number(config.get('serviceFeeMultiplier')) || 0)) : 0;

  let orderId: number | null = null;
  for (let attempt = 0; attempt < 5 && orderId === null; attempt++) {
    const row = await db
      .insertInto('orders')
      .values({
        thread_id: draw.token(THREAD_LENGTH),
        city_id: cityId,
        user_id: customer.id,
        restaurant_id: restaurant.id,
        district_id: district?.district_id ?? null,
        address: delivery ? customer.address : null,
        additional_address: delivery ? customer.additional_address : null,
        sum,
        delivery_cost: deliveryCost,
        discount: 0,
        service_fee: serviceFee,
        total_sum: money(sum + deliveryCost + serviceFee),
        currency: city.currency,
        status: cashless ? OrderStatus.PAID : OrderStatus.CREATED,
        payment_method: cashless ? PaymentMethod.STRIPE : PaymentMethod.CASH,
        courier_id: null,
        invoice_id: cashless ? `inv_${draw.token(16)}` : null,
        provider_payment_charge_id: cashless ? `ch_${draw.token(20)}` : null,
      })
      // A thread id already given (one in 32^9): draw another.
      .onConflict((oc) => oc.column('thread_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    orderId = row?.id ?? null;
  }
  if (orderId === null) return null;
  const placed = orderId;
  await db
    .insertInto('order_items')
    .values(
      items.map((item) => ({
        order_id: placed,
        dish_id: item.dish.id,
        name: item.dish.name,
        name_ru: item.dish.name_ru,
        price: item.dish.price,
        count: item.count,
        sum: item.sum,
      })),
    )
    .execute();
  // The cart the order came from, and the customer's last visit, as the bot leaves them.
  await db
    .insertInto('carts')
    .values({ user_id: customer.id, restaurant_id: restaurant.id, city_id: cityId, created_at: sql<Date>`now() - interval '4 minutes'` })
    .execute();
  await db
    .updateTable('users')
    .set({ last_active_at: sql<Date>`now()` })
    .where('id', '=', customer.id)
    .execute();
  return { orderId: placed, cityId };
}

/** The newest open orders of active cities, with what a message or a move needs. */
const recentOpenOrders = (db: Kysely<Database>, statuses: readonly number[] | null) =>
  db
    .selectFrom('orders as o')
    .innerJoin('cities as c', 'c.id', 'o.city_id')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.id', 'o.status', 'o.city_id', 'o.user_id', 'o.restaurant_id', 'o.address', 'o.courier_id', 'u.language'])
    .where('c.active', '=', true)
    .where('o.status', '>', 0)
    .where('o.status', '<', OrderStatus.DELIVERED)
    .$if(statuses !== null, (query) => query.where('o.status', 'in', statuses ?? []))
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(RECENT_ORDERS)
    .execute();

/** The restaurant's owner, who speaks for it in its chats (their messages count as the restaurant's). */
const ownerOf = async (db: Kysely<Database>, restaurantId: number): Promise<number | null> => {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('role_id', '=', Role.RESTAURANT_OWNER)
    .where('restaurant_id', '=', restaurantId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
};

/** A customer or the restaurant writes in an open order's chat, in the customer's language. */
async function writeMessage(db: Kysely<Database>, draw: Draw): Promise<number | null> {
  const orders = await recentOpenOrders(db, null);
  if (orders.length === 0) return null;
  const order = draw.pick(orders);
  const owner = await ownerOf(db, order.restaurant_id);
  const fromRestaurant = owner !== null && draw.chance(0.5);
  const lines = LINES[order.language] ?? LINES.en;
  const row = await db
    .insertInto('order_messages')
    .values({
      order_id: order.id,
      from_id: fromRestaurant ? owner : order.user_id,
      to_id: fromRestaurant ? order.user_id : owner,
      text: draw.pick(fromRestaurant ? lines.restaurant : lines.customer),
      url: null,
      failure: null,
      // Came in through the bot, which has passed it on already.
      status: MessageStatus.SENT,
      restaurant_sent: fromRestaurant,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A city courier for an order that goes out (null when the city has none). */
const courierOf = async (db: Kysely<Database>, cityId: number, draw: Draw): Promise<number | null> => {
  const couriers = await db.selectFrom('users').select('id').where('role_id', '=', Role.COURIER).where('city_id', '=', cityId).execute();
  return couriers.length > 0 ? draw.pick(couriers).id : null;
};

/** A restaurant moves one of the newest open orders one step along. */
async function moveOrder(db: Kysely<Database>, draw: Draw): Promise<number | null> {
  const orders = await recentOpenOrders(db, MOVABLE);
  if (orders.length === 0) return null;
  const order = draw.pick(orders);
  const next = NEXT_STATUS[order.status] ?? (order.address !== null ? OrderStatus.OUT_FOR_DELIVERY : OrderStatus.DELIVERED);
  const courier =
    next === OrderStatus.OUT_FOR_DELIVERY ? (order.courier_id ?? (await courierOf(db, order.city_id, draw))) : order.courier_id;
  const moved = await db
    .updateTable('orders')
    .set({ status: next, courier_id: courier, updated_at: sql<Date>`now()` })
    .where('id', '=', order.id)
    .where('status', '=', order.status)
    .executeTakeFirst();
  return moved.numUpdatedRows > 0n ? order.id : null;
}

/** Past the cap, the city's oldest open order ends: delivered if confirmed, else cancelled by its customer. */
async function finishOldest(db: Kysely<Database>, cityId: number): Promise<number | null> {
  const open = db.selectFrom('orders').where('city_id', '=', cityId).where('status', '>', 0).where('status', '<', OrderStatus.DELIVERED);
  const { n } = await open.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(n) <= OPEN_ORDERS_PER_CITY) return null;
  const oldest = await open.select(['id', 'status']).orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
  if (!oldest) return null;
  const status = oldest.status >= OrderStatus.CONFIRMED ? OrderStatus.DELIVERED : OrderStatus.CANCELED_BY_USER;
  await db
    .updateTable('orders')
    .set({ status, updated_at: sql<Date>`now()` })
    .where('id', '=', oldest.id)
    .execute();
  return oldest.id;
}

/** One moment of the demo: an order, and maybe a chat message and a move. */
export async function runDemoTick(db: Kysely<Database>, options: DemoTickOptions): Promise<DemoTick> {
  const draw = drawing(options.random);
  const placed = await placeOrder(db, options.now, draw);
  const messageId = draw.chance(options.chatChance ?? CHAT_CHANCE) ? await writeMessage(db, draw) : null;
  const movedOrderId = draw.chance(options.moveChance ?? MOVE_CHANCE) ? await moveOrder(db, draw) : null;
  const finishedOrderId = placed ? await finishOldest(db, placed.cityId) : null;
  return { orderId: placed?.orderId ?? null, messageId, movedOrderId, finishedOrderId };
}
