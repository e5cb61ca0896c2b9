import { useSyncExternalStore } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import { newVersionAnnounced, subscribeToVersion } from '../providers/versionNotice';

/** Shown once the server announces a version other than this build's: reload to get it. */
export const VersionNotice = () => {
  const version = useSyncExternalStore(subscribeToVersion, newVersionAnnounced, () => null);
  const translate = useTranslate();
  if (!version) return null;
  return (
    <Dialog open aria-labelledby="new-version-title" data-testid="new-version-notice">
      <DialogTitle id="new-version-title">{translate('app.newVersion.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('app.newVersion.text', { version })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {translate('app.newVersion.reload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
