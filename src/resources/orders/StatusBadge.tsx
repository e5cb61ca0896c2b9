import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { statusColor } from './statusColors';

/** An order's status in its own colour. */
export const StatusBadge = ({ status }: { status: number }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      label={translate(`resources.orders.statuses.${status}.label`, { _: String(status) })}
      data-status={status}
      sx={{ bgcolor: statusColor(status), color: '#fff', fontWeight: 500 }}
    />
  );
};
