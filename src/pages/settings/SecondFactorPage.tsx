import { Alert, Button, Card, CardContent, Dialog, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import type { SecondFactorStatus } from '../../domain';
import { secondFactorApi } from '../../providers/secondFactor';
import { useTitledNotify } from '../../resources/common/notify';
import { codeErrorMessage, type Message } from '../login/codeErrors';
import { CodeForm } from '../login/CodeForm';
import { SecondFactorSetup } from './SecondFactorSetup';

/** /settings/twoFactor: any staff member's own second factor: its state, turning it on, and off with a code. */
export const SecondFactorPage = () => {
  const translate = useTranslate();
  const notify = useTitledNotify();
  const [status, setStatus] = useState<SecondFactorStatus | null>(null);
  const [failure, setFailure] = useState<Message | undefined>();
  const [settingUp, setSettingUp] = useState(false);
  const [turningOff, setTurningOff] = useState(false);

  const load = useCallback(() => {
    secondFactorApi()
      .status()
      .then(setStatus)
      .catch((error: unknown) => setFailure(codeErrorMessage(error)));
  }, []);
  useEffect(load, [load]);

  const turnOff = async (code: string): Promise<Message | undefined> => {
    try {
      setStatus(await secondFactorApi().disable(code));
      setTurningOff(false);
      notify('success', 'secondFactor.title', 'secondFactor.turnedOff');
      return undefined;
    } catch (error) {
      return codeErrorMessage(error);
    }
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="secondFactor.title" />
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {translate('secondFactor.intro')}
          </Typography>
          {failure ? <Alert severity="error">{translate(failure.key, failure.args)}</Alert> : null}
          {status?.required ? <Alert severity="info">{translate('secondFactor.required')}</Alert> : null}
          {status && !settingUp ? (
            <Stack spacing={1} data-testid="second-factor-status">
              <Typography fontWeight="bold">{translate(status.enabled ? 'secondFactor.on' : 'secondFactor.off')}</Typography>
              {status.enabled ? (
                <Typography variant="body2">{translate('secondFactor.recoveryLeft', { smart_count: status.recoveryCodesLeft })}</Typography>
              ) : null}
              {status.enabled ? (
                status.required ? null : (
                  <Button variant="outlined" color="error" onClick={() => setTurningOff(true)} sx={{ alignSelf: 'flex-start' }}>
                    {translate('secondFactor.turnOff')}
                  </Button>
                )
              ) : (
                <Button variant="contained" onClick={() => setSettingUp(true)} sx={{ alignSelf: 'flex-start' }}>
                  {translate('secondFactor.turnOn')}
                </Button>
              )}
            </Stack>
          ) : null}
          {settingUp ? (
            <SecondFactorSetup
              onDone={() => {
                setSettingUp(false);
                notify('success', 'secondFactor.title', 'secondFactor.turnedOn');
                load();
              }}
              onCancel={() => setSettingUp(false)}
            />
          ) : null}
        </Stack>
      </CardContent>
      <Dialog open={turningOff} onClose={() => setTurningOff(false)} fullWidth maxWidth="xs">
        <DialogTitle>{translate('secondFactor.turnOffTitle')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate('secondFactor.turnOffText')}
          </Typography>
          <CodeForm submit={turnOff} submitLabel="secondFactor.turnOff" allowRecovery />
          <Button onClick={() => setTurningOff(false)} sx={{ mt: 1 }} fullWidth>
            {translate('secondFactor.cancel')}
          </Button>
        </DialogContent>
      </Dialog>
    </Card>
  );
};
