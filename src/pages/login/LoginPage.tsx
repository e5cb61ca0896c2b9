import { Box, CardContent, Typography } from '@mui/material';
import { Form, Login, PasswordInput, SaveButton, TextInput, required, useLogin, useTranslate } from 'react-admin';
import { DocumentTitle } from '../../layout/DocumentTitle';
import { VersionNotice } from '../../layout/VersionNotice';

interface Credentials {
  username: string;
  password: string;
}

const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && 'status' in error ? Number((error as { status: unknown }).status) : undefined;

/** The message for a failed login, shown under the username field (spec section 8). */
const loginErrorKey = (error: unknown): string => {
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

const LoginForm = () => {
  const login = useLogin();
  const translate = useTranslate();
  const submit = async (values: Partial<Credentials>) => {
    try {
      await login({ username: values.username ?? '', password: values.password ?? '' });
      return undefined;
    } catch (error) {
      // Returned errors are shown next to their field by react-admin's form.
      return { username: loginErrorKey(error) };
    }
  };
  return (
    <Form onSubmit={submit} mode="onChange" noValidate>
      <CardContent sx={{ minWidth: 280 }}>
        <Typography variant="h6" component="h1" align="center" gutterBottom>
          {translate('auth.title')}
        </Typography>
        <TextInput source="username" label="auth.username" autoComplete="username" autoFocus validate={required('auth.required')} />
        <PasswordInput source="password" label="auth.password" autoComplete="current-password" validate={required('auth.required')} />
        <SaveButton label="auth.submit" icon={<></>} fullWidth alwaysEnable />
      </CardContent>
    </Form>
  );
};

/** The login screen, the page's main landmark. */
export const LoginPage = () => (
  <Box component="main">
    <DocumentTitle />
    <Login>
      <LoginForm />
      <VersionNotice />
    </Login>
  </Box>
);
