import { Typography } from '@mui/material';
import { CreateButton, Datagrid, EditButton, FunctionField, List, Loading, TopToolbar, useCanAccess, useTranslate } from 'react-admin';
import type { Ad } from '../../domain';
import { ResponsiveList } from '../common/ResponsiveList';
import { useFormat } from '../common/useFormat';
import { AdStatusBadge } from './AdStatusBadge';
import { useWaitText } from './AdTimeoutNotice';
import { useAdFilters } from './adFilters';
import { AD_CREATE_PATH, adEditPath } from './paths';
import { useAdRole } from './useAdRole';
import { useAdTimeout } from './useAdTimeout';

const SHORT_TEXT = 80;
/** The text on one line, cut to a glance. */
const shorten = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > SHORT_TEXT ? `${line.slice(0, SHORT_TEXT - 1)}…` : line;
};

/** The add button for the roles that may add; an owner's stays off while their restaurant must wait, saying how long. */
const AdListActions = () => {
  const translate = useTranslate();
  const wait = useWaitText();
  const { ownRestaurant } = useAdRole();
  const { canAccess } = useCanAccess({ resource: 'ads', action: 'create' });
  const timeout = useAdTimeout(ownRestaurant && canAccess === true);
  if (!canAccess) return <TopToolbar />;
  return (
    <TopToolbar sx={{ alignItems: 'center' }}>
      {timeout.seconds > 0 ? (
        <Typography variant="body2" data-testid="ad-timeout-short">
          {translate('resources.ads.timeout.short', { time: wait(timeout.seconds) })}
        </Typography>
      ) : null}
      <CreateButton to={AD_CREATE_PATH} disabled={timeout.pending || timeout.seconds > 0} />
    </TopToolbar>
  );
};

/** /ads: the ads the user may see, newest publish time first (or sorted by a time or the status), paged and filtered by the server. */
export const AdList = () => {
  const translate = useTranslate();
  const format = useFormat();
  const filters = useAdFilters();
  if (!filters) return <Loading />;
  const status = (ad: Ad) => translate(`resources.ads.statuses.${ad.status}`, { _: String(ad.status) });
  return (
    <List
      resource="ads"
      filters={filters}
      actions={<AdListActions />}
      sort={{ field: 'publishTimestamp', order: 'DESC' }}
      perPage={25}
      empty={false}
    >
      <ResponsiveList<Ad>
        primary={(ad) => `${format.name(ad.restaurant)}: ${shorten(ad.text)}`}
        secondary={(ad) =>
          [status(ad), `${format.time(ad.publishTimestamp)} – ${format.time(ad.unpublishTimestamp)}`, ad.error].filter(Boolean).join(' · ')
        }
        linkTo={(ad) => adEditPath(ad.id)}
        table={
          <Datagrid rowClick={(id) => adEditPath(id)} bulkActionButtons={false}>
            <FunctionField<Ad> source="restaurant" sortable={false} render={(ad) => format.name(ad.restaurant)} />
            <FunctionField<Ad> source="text" sortable={false} render={(ad) => shorten(ad.text)} />
            <FunctionField<Ad> source="publishTimestamp" render={(ad) => format.time(ad.publishTimestamp)} />
            <FunctionField<Ad> source="unpublishTimestamp" render={(ad) => format.time(ad.unpublishTimestamp)} />
            <FunctionField<Ad> source="status" render={(ad) => <AdStatusBadge status={ad.status} error={ad.error} />} />
            <EditButton label="ra.action.edit" />
          </Datagrid>
        }
      />
    </List>
  );
};
