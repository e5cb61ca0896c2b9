import { Alert, AlertTitle } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';

type Severity = 'success' | 'error' | 'warning' | 'info';

/** A toast with a title, as the spec words them ('Saved' / 'City was saved/updated'). */
export function useTitledNotify() {
  const notify = useNotify();
  const translate = useTranslate();
  return (severity: Severity, title: string, message: string, args?: Record<string, unknown>) =>
    notify(
      <Alert severity={severity} variant="filled" sx={{ minWidth: 280 }}>
        <AlertTitle>{translate(title)}</AlertTitle>
        {translate(message, args)}
      </Alert>,
      { type: severity },
    );
}
