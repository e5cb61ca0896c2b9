import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { Role } from '../../domain';
import { screen, type ResourceManifest } from '../common/manifest';
import { ORDERS_PATH } from './paths';

export default {
  name: 'orders',
  icon: ReceiptLongIcon,
  list: screen(() => import('./OrderList'), 'OrderList'),
  // /orders/{threadId}: the detail, by the order's thread id (not react-admin's edit route).
  routes: [{ path: `${ORDERS_PATH}/:threadId`, screen: screen(() => import('./OrderShow'), 'OrderShow'), action: 'show' }],
  menu: [
    {
      id: 'orders',
      path: () => ORDERS_PATH,
      places: { [Role.ADMIN]: 100, [Role.CITY_ADMIN]: 60, [Role.RESTAURANT_OWNER]: 30, [Role.OPERATOR]: 40 },
    },
  ],
  data: { orders: async () => (await import('./data')).orders },
  firstListRequest: async () => (await import('./data')).firstListAddress(),
} satisfies ResourceManifest;
