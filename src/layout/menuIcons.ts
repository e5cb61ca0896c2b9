import type { SvgIconComponent } from '@mui/icons-material';
import BarChartIcon from '@mui/icons-material/BarChart';
import CampaignIcon from '@mui/icons-material/Campaign';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import RateReviewIcon from '@mui/icons-material/RateReview';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ShareIcon from '@mui/icons-material/Share';
import StorefrontIcon from '@mui/icons-material/Storefront';
import type { MenuItemId } from '../domain';
import { RESOURCES } from '../resources';

/** The icons of menu entries that no resource manifest declares yet (pages, screens to come). */
const PAGE_ICONS: Partial<Record<MenuItemId, SvgIconComponent>> = {
  stats: BarChartIcon,
  restaurants: StorefrontIcon,
  restaurant: StorefrontIcon,
  reviews: RateReviewIcon,
  ownReviews: RateReviewIcon,
  ads: CampaignIcon,
  spam: ForwardToInboxIcon,
  topUsers: EmojiEventsIcon,
  orders: ReceiptLongIcon,
  referrals: ShareIcon,
  admins: ManageAccountsIcon,
  logout: LogoutIcon,
};

/** A resource's menu entries show the resource's own icon, so the menu and its pages always agree. */
const RESOURCE_ICONS = new Map<MenuItemId, SvgIconComponent>(
  RESOURCES.flatMap(({ icon, menu = [] }) => menu.map((id) => [id, icon] as const)),
);

export const menuIcon = (id: MenuItemId): SvgIconComponent => RESOURCE_ICONS.get(id) ?? PAGE_ICONS[id] ?? LogoutIcon;

/** Menu entries whose icon would be the fallback: none, as the menu test asserts. */
export const menuEntriesWithoutIcon = (ids: readonly MenuItemId[]): MenuItemId[] =>
  ids.filter((id) => !RESOURCE_ICONS.has(id) && !PAGE_ICONS[id]);
