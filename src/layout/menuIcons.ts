import type { SvgIconComponent } from '@mui/icons-material';
import BarChartIcon from '@mui/icons-material/BarChart';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import RamenDiningIcon from '@mui/icons-material/RamenDining';
import StorefrontIcon from '@mui/icons-material/Storefront';
import RateReviewIcon from '@mui/icons-material/RateReview';
import CampaignIcon from '@mui/icons-material/Campaign';
import LocationCityIcon from '@mui/icons-material/LocationCity';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import ShareIcon from '@mui/icons-material/Share';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import LogoutIcon from '@mui/icons-material/Logout';
import type { MenuItemId } from '../domain';

/** The icon of each menu entry; resources reuse the same icon on their own pages. */
export const menuIcons: Record<MenuItemId, SvgIconComponent> = {
  stats: BarChartIcon,
  bots: SmartToyIcon,
  cuisines: RamenDiningIcon,
  restaurants: StorefrontIcon,
  restaurant: StorefrontIcon,
  reviews: RateReviewIcon,
  ownReviews: RateReviewIcon,
  ads: CampaignIcon,
  cities: LocationCityIcon,
  city: LocationCityIcon,
  spam: ForwardToInboxIcon,
  topUsers: EmojiEventsIcon,
  orders: ReceiptLongIcon,
  tags: LocalOfferIcon,
  referrals: ShareIcon,
  admins: ManageAccountsIcon,
  logout: LogoutIcon,
};
