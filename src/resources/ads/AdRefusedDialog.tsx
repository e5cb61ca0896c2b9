import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * A refused new ad (spec section 8): 'Cannot publish ads:' and the server's reason, in the
 * user's language when the API names its code (the HTTP client translates it), else as sent.
 */
export const AdRefusedDialog = ({ message, onClose }: { message: string | null; onClose: () => void }) => {
  const translate = useTranslate();
  return (
    <Dialog open={message !== null} onClose={onClose} aria-labelledby="ad-refused-title" aria-describedby="ad-refused-text">
      <DialogTitle id="ad-refused-title">{translate('resources.ads.refused.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="ad-refused-text" sx={{ whiteSpace: 'pre-line' }}>
          {message}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {translate('resources.ads.refused.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
