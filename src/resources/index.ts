import admins from './admins';
import ads from './ads';
import audit from './audit';
import bots from './bots';
import cities from './cities';
import type { ResourceManifest } from './common/manifest';
import cannedReplies from './cannedReplies';
import cuisines from './cuisines';
import districts from './districts';
import dishCategories from './dishCategories';
import dishes from './dishes';
import language from './language';
import orders from './orders';
import referrals from './referrals';
import restaurants from './restaurants';
import reviews from './reviews';
import spam from './spam';
import stats from './stats';
import tags from './tags';
import topUsers from './topUsers';

/** Every resource of the app, one line each: adding a resource is its folder and a line here. */
export const RESOURCES: readonly ResourceManifest[] = [
  bots,
  cities,
  cuisines,
  cannedReplies,
  districts,
  restaurants,
  tags,
  dishCategories,
  dishes,
  orders,
  referrals,
  reviews,
  ads,
  spam,
  stats,
  topUsers,
  admins,
  language,
  audit,
];
