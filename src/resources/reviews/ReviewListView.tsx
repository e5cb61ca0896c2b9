import { Typography } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { FilterButton, List, Loading, Pagination, SortButton, TopToolbar, useListContext, useTranslate } from 'react-admin';
import type { Review } from '../../domain';
import { CardGrid } from '../common/CardGrid';
import { useSession } from '../common/useSession';
import { ReviewCard } from './ReviewCard';
import { useFiltersBehindButton } from './reviewFilters';
import { REVIEWS_DEFAULT_PER_PAGE } from './reviewQuery';

const positive = (value: unknown): number | null => {
  const n = typeof value === 'string' && value !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
};

const ReviewCards = () => {
  const translate = useTranslate();
  const { cityId } = useSession();
  const { data, isPending, filterValues } = useListContext<Review>();
  if (isPending) return <Loading />;
  if (!data || data.length === 0) return <Typography sx={{ p: 2 }}>{translate('resources.reviews.empty')}</Typography>;
  // A photo is asked for in the city shown: an admin's chosen one, everyone else's own.
  const photoCityId = positive(filterValues.cityId) ?? cityId;
  return <CardGrid items={data}>{(review) => <ReviewCard key={review.id} review={review} photoCityId={photoCityId} />}</CardGrid>;
};

/**
 * A list of review cards, paged by the server, newest first unless sorted by date or rating;
 * both review screens show it with their own place and filters.
 */
export const ReviewListView = ({
  storeKey,
  title,
  filters,
  filter,
  filterDefaultValues,
}: {
  storeKey: string;
  title?: ReactNode;
  filters: ReactElement[];
  filter?: Record<string, unknown>;
  filterDefaultValues?: Record<string, unknown>;
}) => {
  const phone = useFiltersBehindButton();
  return (
    <List
      // The screen guard has read the session and the role's grant before this screen loads (and a
      // 401 still ends the session): the list asks for its rows at once instead of after two checks.
      disableAuthentication
      resource="reviews"
      storeKey={storeKey}
      title={title}
      filters={filters}
      filter={filter}
      filterDefaultValues={filterDefaultValues}
      actions={
        <TopToolbar>
          {phone ? <FilterButton disableSaveQuery /> : null}
          <SortButton fields={['createdAt', 'rating']} />
        </TopToolbar>
      }
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={REVIEWS_DEFAULT_PER_PAGE}
      empty={false}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
    >
      <ReviewCards />
    </List>
  );
};
