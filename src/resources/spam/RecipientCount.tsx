import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DateInput } from '../common/DateInput';
import { sinceOf, today } from './composerValues';
import { useRecipientCount } from './useRecipientCount';

/** How many customers the mailing reaches: the city's, active since the chosen day (not in the future). */
export const RecipientCount = ({ cityId }: { cityId: number }) => {
  const translate = useTranslate();
  const day: unknown = useWatch({ name: 'lastActiveDate' });
  const chosen = typeof day === 'string' ? day : '';
  const valid = chosen === '' || chosen <= today();
  const count = useRecipientCount(cityId, valid ? sinceOf(chosen) : null);
  // A day in the future is refused by the field itself; there is nothing to count then.
  const text = !valid
    ? ''
    : count.isPending
      ? translate('resources.spam.recipients.counting')
      : count.isError
        ? translate('resources.spam.recipients.countError')
        : translate('resources.spam.recipients.count', { smart_count: count.data });
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
    </Box>
  );
};
