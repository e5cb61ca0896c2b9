import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adRoutes } from './ads/routes';
import { videoRoutes } from './ads/videoRoutes';
import { auditRoutes } from './audit/routes';
import { botRoutes } from './bots/routes';
import { cannedReplyRoutes } from './cannedReplies/routes';
import { cityRoutes } from './cities/routes';
import { cuisineRoutes } from './cuisines/routes';
import type { RouteDeps } from './deps';
import { dishBulkRoutes } from './dishes/bulkRoutes';
import { dishRoutes } from './dishes/routes';
import { districtRoutes } from './districts/routes';
import { languageRoutes } from './language/routes';
import { liveEventRoutes } from './live/routes';
import { menuSheetRoutes } from './menuSheet/routes';
import { notificationRoutes } from './notifications/routes';
import { spamRoutes } from './mailings/routes';
import { orderRoutes } from './orders/routes';
import { orderTimerRoutes } from './orders/timerRoutes';
import { restaurantPauseRoutes } from './restaurants/pauseRoutes';
import { photoRoutes } from './restaurants/photoRoutes';
import { restaurantRoutes } from './restaurants/routes';
import { reviewRoutes } from './reviews/routes';
import { userRoutes } from './staff/routes';
import { statsRoutes } from './stats/routes';
import { superadminRoutes } from './superadmin/routes';
import { tagRoutes } from './tags/routes';

/**
 * Every area's routes under /api (spec section 7), one line per route module, in the order
 * they are registered (which is also the order of the published OpenAPI document). A routes
 * module left out of this list fails tests/api/areaRegistry.test.ts.
 */
export const areaRoutes: readonly FastifyPluginAsyncZod<RouteDeps>[] = [
  cityRoutes,
  superadminRoutes,
  photoRoutes,
  tagRoutes,
  cuisineRoutes,
  cannedReplyRoutes,
  districtRoutes,
  botRoutes,
  restaurantRoutes,
  restaurantPauseRoutes,
  dishRoutes,
  dishBulkRoutes,
  menuSheetRoutes,
  orderTimerRoutes,
  orderRoutes,
  reviewRoutes,
  spamRoutes,
  statsRoutes,
  adRoutes,
  videoRoutes,
  languageRoutes,
  userRoutes,
  auditRoutes,
  notificationRoutes,
  liveEventRoutes,
];
