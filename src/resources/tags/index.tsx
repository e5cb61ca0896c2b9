import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { resourceRoute } from '../common/routes';
import { TAG_CREATE_PATH } from './paths';
import { TagCreate } from './TagCreate';
import { TagEdit } from './TagEdit';
import { TagList } from './TagList';

export default {
  name: 'tags',
  list: TagList,
  edit: TagEdit,
  icon: LocalOfferIcon,
  recordRepresentation: 'name',
};

/** The spec's paths react-admin does not make itself. */
export const tagRoutes = [resourceRoute(TAG_CREATE_PATH, 'tags', <TagCreate />)];
