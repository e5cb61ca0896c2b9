import { Box, Chip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AdStatus, type AdStatusValue } from '../../domain';

/** One colour per ad status; white text on each has a contrast of at least 4.5:1 (WCAG AA). */
export const AD_STATUS_COLORS: Record<AdStatusValue, string> = {
  [AdStatus.CREATED]: '#0d47a1',
  [AdStatus.PUBLISHED]: '#1b5e20',
  [AdStatus.FINISHED]: '#424242',
  [AdStatus.PUBLISH_FAILED]: '#b71c1c',
  [AdStatus.UNPUBLISH_FAILED]: '#bf360c',
  [AdStatus.WAITING_FOR_IMAGE]: '#6a1b9a',
};

const COLORS = new Map<number, string>(Object.entries(AD_STATUS_COLORS).map(([status, color]) => [Number(status), color]));

/** The states whose failure reason is worth showing. */
const FAILED: readonly number[] = [AdStatus.PUBLISH_FAILED, AdStatus.UNPUBLISH_FAILED];

/** An ad's status label in its colour, with the reason of a failed publication or removal. */
export const AdStatusBadge = ({ status, error }: { status: number; error?: string | null }) => {
  const translate = useTranslate();
  const reason = FAILED.includes(status) && error ? error : null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
      <Chip
        size="small"
        label={translate(`resources.ads.statuses.${status}`, { _: String(status) })}
        data-ad-status={status}
        sx={{ bgcolor: COLORS.get(status) ?? '#424242', color: '#fff', fontWeight: 500, maxWidth: '100%' }}
      />
      {reason ? (
        <Typography variant="caption" color="error" data-testid="ad-error" sx={{ overflowWrap: 'anywhere' }}>
          {translate('resources.ads.reason', { error: reason })}
        </Typography>
      ) : null}
    </Box>
  );
};
