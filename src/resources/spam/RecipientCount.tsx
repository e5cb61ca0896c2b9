import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AudienceFilters } from './AudienceFilters';
import { DateInput } from '../common/DateInput';
import { today } from './composerValues';
import { useRecipientCount } from './useRecipientCount';

/**
 * How many customers the mailing reaches: the city's, active since the chosen day (not in the
 * future), narrowed by the audience filters; the count follows the filters as they change.
 */
export const RecipientCount = ({ cityId }: { cityId: number }) => {
  const translate = useTranslate();
  const count = useRecipientCount(cityId);
  // An invalid day or filter is refused by its own field; there is nothing to count then.
  const text = !count.valid
    ? ''
    : count.isPending || (!count.settled && count.data === undefined)
      ? translate('resources.spam.recipients.counting')
      : count.isError
        ? translate('resources.spam.recipients.countError', { error: count.error.message })
        : translate('resources.spam.recipients.count', { smart_count: count.data ?? 0 }) +
          (count.settled ? '' : ` ${translate('resources.spam.recipients.recounting')}`);
  return (
    <Box component="section" aria-labelledby="spam-recipients-title">
      <Typography id="spam-recipients-title" variant="h6" component="h2" gutterBottom>
        {translate('resources.spam.recipients.title')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2 }}>
        <DateInput
          source="lastActiveDate"
          label="resources.spam.recipients.lastActiveDate"
          helperText="resources.spam.recipients.help"
          max={today()}
          sx={{ width: { xs: '100%', sm: 240 } }}
        />
        <Typography role="status" aria-live="polite" data-testid="recipient-count" sx={{ mb: { xs: 2, sm: 3 } }}>
          {text}
        </Typography>
      </Box>
      <AudienceFilters cityId={cityId} />
    </Box>
  );
};
