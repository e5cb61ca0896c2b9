import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A red alert with the error's message that the user closes (spec section 8: referral load and create errors). */
export const DismissibleAlert = ({ message, onClose, testId }: { message: string; onClose: () => void; testId: string }) => {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      variant="filled"
      onClose={onClose}
      closeText={translate('resources.referrals.dismiss')}
      data-testid={testId}
      sx={{ my: 1 }}
    >
      {message}
    </Alert>
  );
};
