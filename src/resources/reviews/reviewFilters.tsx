import { useMediaQuery, type Theme } from '@mui/material';
import type { ReactElement } from 'react';
import { RestaurantFilterInput } from '../common/RestaurantFilterInput';
import { SelectInput, useTranslate } from 'react-admin';
import { DateInput } from '../common/DateInput';
import { REVIEW_STATES, ReviewRating } from '../../domain';
import { useSession } from '../common/useSession';

const RATINGS = [ReviewRating.UNSENDED, ReviewRating.UNRATED, 1, 2, 3, 4, 5];

/** A rating as the filter names it: not sent, not rated, or its number of stars. */
const useRatingChoices = () => {
  const translate = useTranslate();
  return RATINGS.map((rating) => ({
    id: rating,
    name:
      rating === ReviewRating.UNSENDED
        ? translate('resources.reviews.ratings.unsended')
        : rating === ReviewRating.UNRATED
          ? translate('resources.reviews.ratings.unrated')
          : translate('resources.reviews.ratings.stars', { smart_count: rating }),
  }));
};

const RatingInput = ({ source }: { source: string; alwaysOn?: boolean }) => (
  <SelectInput source={source} label="resources.reviews.fields.rating" choices={useRatingChoices()} translateChoice={false} />
);

/**
 * Whether the filters other than the state wait behind react-admin's "Add filter" button: on a
 * phone, five stacked fields would fill the first screen before any review.
 */
export const useFiltersBehindButton = (): boolean => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

/**
 * The filters of the review lists (spec section 2): state, rating, restaurant and days, in the
 * URL so that a link reproduces the view. A restaurant's own list has no restaurant picker,
 * and neither do roles that may not list restaurants.
 */
export function useReviewFilters({ restaurantPicker }: { restaurantPicker: boolean }): ReactElement[] {
  const { can } = useSession();
  const shown = !useFiltersBehindButton();
  return [
    <SelectInput
      key="state"
      source="state"
      label="resources.reviews.fields.state"
      choices={REVIEW_STATES.map((state) => ({ id: state, name: `resources.reviews.states.${state}` }))}
      alwaysOn
    />,
    <RatingInput key="rating" source="rating" alwaysOn={shown} />,
    ...(restaurantPicker && can('restaurants', 'list')
      ? [
          <RestaurantFilterInput
            key="restaurantId"
            source="restaurantId"
            label="resources.reviews.fields.restaurantId"
            needsCity
            alwaysOn={shown}
          />,
        ]
      : []),
    <DateInput key="from" source="from" label="resources.reviews.fields.from" alwaysOn={shown} />,
    <DateInput key="to" source="to" label="resources.reviews.fields.to" alwaysOn={shown} />,
  ];
}
