import { Alert, Box, Button, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Confirm, useRecordContext, useTranslate } from 'react-admin';
import { canResetSecondFactor, type StaffAccount } from '../../domain';
import { sessionUser } from '../../providers/authProvider';
import { staffSecondFactor } from '../../providers/secondFactor';
import { useTitledNotify } from '../common/notify';

/** On a staff account's page, for admins: whether its two-factor sign-in is on, and its reset (audited by the API). */
export const SecondFactorReset = () => {
  const record = useRecordContext<StaffAccount>();
  const translate = useTranslate();
  const notify = useTitledNotify();
  const me = sessionUser();
  const allowed = me !== null && canResetSecondFactor(me.roleId) && record !== undefined && record.id !== me.id;
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [asking, setAsking] = useState(false);
  const id = record?.id;

  useEffect(() => {
    if (!allowed || id === undefined) return undefined;
    let live = true;
    staffSecondFactor
      .status(id)
      .then((status) => live && setEnabled(status.enabled))
      .catch(() => live && setEnabled(null));
    return () => {
      live = false;
    };
  }, [allowed, id]);

  if (!allowed || enabled === null || id === undefined) return null;
  const reset = async () => {
    setAsking(false);
    try {
      setEnabled((await staffSecondFactor.reset(id)).enabled);
      notify('success', 'resources.admins.secondFactor.title', 'resources.admins.secondFactor.done');
    } catch (error) {
      notify('error', 'resources.admins.secondFactor.title', error instanceof Error ? error.message : 'auth.networkError');
    }
  };
  return (
    <Box sx={{ px: 2, pb: 2 }} data-testid="staff-second-factor">
      <Typography variant="subtitle1" component="h2">
        {translate('resources.admins.secondFactor.title')}
      </Typography>
      <Alert severity={enabled ? 'success' : 'info'} sx={{ my: 1 }}>
        {translate(enabled ? 'resources.admins.secondFactor.on' : 'resources.admins.secondFactor.off')}
      </Alert>
      {enabled ? (
        <Button color="error" variant="outlined" onClick={() => setAsking(true)}>
          {translate('resources.admins.secondFactor.reset')}
        </Button>
      ) : null}
      <Confirm
        isOpen={asking}
        title="resources.admins.secondFactor.resetTitle"
        titleTranslateOptions={{ username: record?.username ?? '' }}
        content="resources.admins.secondFactor.resetText"
        confirm="resources.admins.secondFactor.reset"
        onConfirm={reset}
        onClose={() => setAsking(false)}
      />
    </Box>
  );
};
