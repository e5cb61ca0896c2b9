import { Alert, Box, CardContent, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Form, HttpError, Login, PasswordInput, SaveButton, TextInput, required, useLogin, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { isApiErrorCode } from '../../domain';
import { DocumentTitle } from '../../layout/DocumentTitle';
import { VersionNotice } from '../../layout/VersionNotice';
import { SecondFactorStep as NextStep } from '../../providers/secondFactor';
import type { CodeNeeded, SetupNeeded } from '../../domain';
import type { Message } from './codeErrors';
import { CodeStep, SetupStep } from './SecondFactorStep';

interface Credentials {
  username: string;
  password: string;
}

const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && 'status' in error ? Number((error as { status: unknown }).status) : undefined;

/** The message for a failed login, shown under the username field (spec section 8). */
export const loginErrorKey = (error: unknown): string => {
  // The server is up but cannot serve (its database is away): its own reason, not a network error.
  if (statusOf(error) === 503 && error instanceof HttpError && isApiErrorCode(error.body?.code)) return `errors.${error.body.code}`;
  switch (statusOf(error)) {
    case 401:
      return 'auth.wrongCredentials';
    case 403:
      return 'auth.notAllowed';
    case 429:
      return 'auth.tooManyAttempts';
    case 400:
      return 'auth.wrongCredentials';
    default:
      return 'auth.networkError';
  }
};

const LoginForm = ({ onSecondStep, notice }: { onSecondStep: (step: CodeNeeded | SetupNeeded) => void; notice?: Message }) => {
  const login = useLogin();
  const translate = useTranslate();
  const submit = async (values: Partial<Credentials>) => {
    try {
      await login({ username: values.username ?? '', password: values.password ?? '' });
      return undefined;
    } catch (error) {
      if (error instanceof NextStep) {
        onSecondStep(error.step);
        return undefined;
      }
      // Returned errors are shown next to their field by react-admin's form.
      return { username: loginErrorKey(error) };
    }
  };
  return (
    // A refused login is said under the username and an empty field under itself: no "The form is not valid" toast besides.
    <Form onSubmit={submit} mode="onChange" noValidate disableInvalidFormNotification>
      <CardContent sx={{ minWidth: 280 }}>
        <Typography variant="h6" component="h1" align="center" gutterBottom>
          {translate('auth.title')}
        </Typography>
        {notice ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {translate(notice.key, notice.args)}
          </Alert>
        ) : null}
        <TextInput source="username" label="auth.username" autoComplete="username" autoFocus validate={required('auth.required')} />
        <PasswordInput source="password" label="auth.password" autoComplete="current-password" validate={required('auth.required')} />
        <SaveButton label="auth.submit" icon={<></>} fullWidth alwaysEnable />
      </CardContent>
    </Form>
  );
};

/** The path the login leads to: the page a logged-out visitor asked for (react-admin keeps it), or home. */
const nextPathOf = (state: unknown): string =>
  typeof state === 'object' && state !== null && 'nextPathname' in state && typeof state.nextPathname === 'string' && state.nextPathname
    ? state.nextPathname
    : '/';

/**
 * The login screen, the page's main landmark: the password, then, for an account with a second
 * factor, its code, or, for a role that must have one, its setup. Once it has shown, `preload` fetches the code of
 * the screen the login leads to while the user types, so that the login is followed by that
 * screen's data only; the login page's own code carries none of it.
 */
export const LoginPage = ({ preload }: { preload?: (pathname: string) => void }) => {
  const next = nextPathOf(useLocation().state);
  const [step, setStep] = useState<CodeNeeded | SetupNeeded | null>(null);
  const [notice, setNotice] = useState<Message | undefined>();
  const restart = (message?: Message) => {
    setStep(null);
    setNotice(message);
  };
  useEffect(() => {
    if (!preload) return undefined;
    const timer = setTimeout(() => preload(next), 0);
    return () => clearTimeout(timer);
  }, [preload, next]);
  return (
    <Box component="main">
      <DocumentTitle />
      <Login>
        {step?.secondFactor === 'code' ? (
          <CodeStep step={step} onRestart={restart} />
        ) : step?.secondFactor === 'setup' ? (
          <SetupStep step={step} onRestart={restart} />
        ) : (
          <LoginForm onSecondStep={setStep} notice={notice} />
        )}
        <VersionNotice />
      </Login>
    </Box>
  );
};
