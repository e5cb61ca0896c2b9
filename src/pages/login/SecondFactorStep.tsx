import { Alert, Button, CardContent, Stack, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Loading, useLogin, useTranslate } from 'react-admin';
import type { CodeNeeded, SetupNeeded } from '../../domain';
import { codeErrorMessage, isChallengeExpired, type Message } from './codeErrors';
import { CodeForm } from './CodeForm';

/** The setup screens load only for the accounts that must set a factor up now. */
const SecondFactorSetup = lazy(async () => ({ default: (await import('../settings/SecondFactorSetup')).SecondFactorSetup }));

/** The login's second step: the app's code (or a recovery code) for the challenge the password earned. */
export const CodeStep = ({ step, onRestart }: { step: CodeNeeded; onRestart: (message?: Message) => void }) => {
  const login = useLogin();
  const translate = useTranslate();
  const submit = async (code: string): Promise<Message | undefined> => {
    try {
      await login({ challengeToken: step.challengeToken, code });
      return undefined;
    } catch (error) {
      if (isChallengeExpired(error)) onRestart(codeErrorMessage(error));
      return codeErrorMessage(error);
    }
  };
  return (
    <CardContent sx={{ minWidth: 280, maxWidth: 360 }}>
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h1" align="center">
          {translate('secondFactor.codeTitle')}
        </Typography>
        <CodeForm submit={submit} submitLabel="secondFactor.verify" allowRecovery />
        <Button onClick={() => onRestart()} size="small">
          {translate('secondFactor.back')}
        </Button>
      </Stack>
    </CardContent>
  );
};

/** A role that must have a second factor and has none: its setup, right after the password. */
export const SetupStep = ({ step, onRestart }: { step: SetupNeeded; onRestart: () => void }) => {
  const login = useLogin();
  const translate = useTranslate();
  return (
    <CardContent sx={{ maxWidth: 560 }}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h1">
          {translate('secondFactor.setupTitle')}
        </Typography>
        <Alert severity="info">{translate('secondFactor.setupRequired')}</Alert>
        <Suspense fallback={<Loading />}>
          <SecondFactorSetup
            setupToken={step.setupToken}
            onDone={(result) => (result.session ? void login({ session: result.session }) : onRestart())}
            onCancel={onRestart}
          />
        </Suspense>
      </Stack>
    </CardContent>
  );
};
