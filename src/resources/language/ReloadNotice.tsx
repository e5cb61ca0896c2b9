import { Alert, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSecondsLeft } from './reloadCountdown';

/** Saved (or restored): the countdown to the reload that shows the new texts, and a way to reload at once. */
export const ReloadNotice = ({ reloadAt, done }: { reloadAt: number; done: 'saved' | 'restored' }) => {
  const translate = useTranslate();
  const seconds = useSecondsLeft(reloadAt);
  return (
    <Alert
      severity="success"
      role="status"
      action={
        <Button color="inherit" size="small" onClick={() => window.location.reload()}>
          {translate('resources.language.reloadNow')}
        </Button>
      }
    >
      {translate(`resources.language.${done}`)} {translate('resources.language.reloadIn', { smart_count: seconds })}
    </Alert>
  );
};
