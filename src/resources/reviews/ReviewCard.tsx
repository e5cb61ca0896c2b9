import { Box, Card, CardContent, Chip, Link, Typography } from '@mui/material';
import { memo } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { messengerLink, ratingStars, type Review } from '../../domain';
import { useSession } from '../common/useSession';
import { orderPath } from '../orders/paths';
import { useFormat } from '../common/useFormat';
import { ReviewActions } from './ReviewActions';
import { ReviewAnswer } from './ReviewAnswer';
import { ReviewPhotoButton } from './ReviewPhotoButton';

const STATE_COLORS = { unpublished: 'default', approved: 'info', published: 'success', answered: 'secondary' } as const;

/** The author as the card names them: their name, and their messenger username as a link. */
const Author = ({ profile }: { profile: NonNullable<Review['telegramProfile']> }) => {
  const translate = useTranslate();
  return (
    <Typography variant="body2" data-review-author>
      {translate('resources.reviews.card.author')}: {profile.name}
      {profile.username ? (
        <>
          {' '}
          <Link href={messengerLink(profile.username)} target="_blank" rel="noreferrer">
            @{profile.username}
          </Link>
        </>
      ) : null}
    </Typography>
  );
};

/**
 * One review (spec section 2): the restaurant, the order's thread id (to the order), the date,
 * its photo, one star per rating point, the text or 'No text', the author for every role but
 * owners (the API leaves it out for them), its state, and what may be done with it next.
 */
export const ReviewCard = memo(function ReviewCard({ review, photoCityId }: { review: Review; photoCityId: number | null }) {
  const translate = useTranslate();
  const format = useFormat();
  const { can } = useSession();
  const stars = ratingStars(review.rating);
  // The API leaves the author out for owners; the card asks the same rule, should a record carry one.
  const author = can('reviewAuthor', 'show') ? review.telegramProfile : null;
  return (
    <Card component="article" variant="outlined" data-review={review.id} data-state={review.state} sx={{ minWidth: 0 }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ mr: 1, overflowWrap: 'anywhere' }}>
            {format.name(review.order.restaurant)}
          </Typography>
          <Chip
            size="small"
            color={STATE_COLORS[review.state]}
            label={translate(`resources.reviews.states.${review.state}`)}
            data-review-state={review.state}
          />
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Link component={RouterLink} to={orderPath(review.order.threadId)}>
            #{review.order.threadId}
          </Link>
          <Typography variant="body2" color="text.secondary" component="time" dateTime={review.createdAt}>
            {format.time(review.createdAt)}
          </Typography>
          {review.telegramFileId ? (
            <ReviewPhotoButton telegramFileId={review.telegramFileId} cityId={photoCityId} threadId={review.order.threadId} />
          ) : null}
        </Box>
        {stars ? (
          <Typography
            role="img"
            aria-label={translate('resources.reviews.ratings.stars', { smart_count: review.rating })}
            data-review-stars
          >
            {stars}
          </Typography>
        ) : null}
        <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-review-text>
          {review.text?.trim() ? review.text : translate('resources.reviews.card.noText')}
        </Typography>
        {author ? <Author profile={author} /> : null}
        <ReviewAnswer review={review} />
        <ReviewActions review={review} />
      </CardContent>
    </Card>
  );
});
