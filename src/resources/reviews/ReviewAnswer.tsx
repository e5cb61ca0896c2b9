import LockIcon from '@mui/icons-material/Lock';
import { Box, Button, InputAdornment, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { MESSAGE_MAX_LENGTH, type Review } from '../../domain';
import { useSession } from '../common/useSession';
import { useReviewStep } from './useReviewStep';

/**
 * The answer of a published review: a box and a send button, once. Sent, the answer is locked
 * (read-only, and the API refuses another). Unpublished reviews have none yet.
 */
export const ReviewAnswer = ({ review }: { review: Review }) => {
  const translate = useTranslate();
  const { can } = useSession();
  const { run, isPending } = useReviewStep(review);
  const [text, setText] = useState('');
  const id = useId();
  if (review.state === 'answered') {
    return (
      <TextField
        id={id}
        label={translate('resources.reviews.answer.label')}
        value={review.answer ?? ''}
        multiline
        fullWidth
        size="small"
        helperText={translate('resources.reviews.answer.locked')}
        slotProps={{
          input: {
            readOnly: true,
            endAdornment: (
              <InputAdornment position="end">
                <LockIcon fontSize="small" aria-hidden />
              </InputAdornment>
            ),
          },
          htmlInput: { 'data-review-answer': 'locked' },
        }}
      />
    );
  }
  if (review.state !== 'published' || !can('reviews', 'edit')) return null;
  const answer = text.trim();
  return (
    <Box
      component="form"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1 }}
      onSubmit={(event) => {
        event.preventDefault();
        if (answer !== '') void run({ answer }, 'resources.reviews.answer.sent', () => setText(''));
      }}
    >
      <TextField
        id={id}
        label={translate('resources.reviews.answer.label')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        multiline
        minRows={2}
        fullWidth
        size="small"
        disabled={isPending}
        slotProps={{ htmlInput: { maxLength: MESSAGE_MAX_LENGTH, 'data-review-answer': 'open' } }}
      />
      <Button type="submit" variant="contained" size="small" disabled={answer === '' || isPending}>
        {translate('resources.reviews.answer.send')}
      </Button>
    </Box>
  );
};
