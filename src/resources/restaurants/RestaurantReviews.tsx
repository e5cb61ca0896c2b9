import { Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/** /restaurant/{id}/reviews until reviews are built: says so, never fails. */
export const RestaurantReviews = () => {
  const translate = useTranslate();
  return (
    <Card>
      <Title title="resources.restaurants.reviews" />
      <CardContent>
        <Typography>{translate('resources.restaurants.reviewsNotBuilt')}</Typography>
      </CardContent>
    </Card>
  );
};
