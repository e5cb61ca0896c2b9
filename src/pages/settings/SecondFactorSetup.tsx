import { Alert, Box, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { SecondFactorConfirmed, SecondFactorSetup as NewSecret } from '../../domain';
import { secondFactorApi } from '../../providers/secondFactor';
import { codeErrorMessage, type Message } from '../login/codeErrors';
import { CodeForm } from '../login/CodeForm';
import { RecoveryCodes } from './RecoveryCodes';

/** The key in groups of four, as authenticator apps show and people type it. */
const grouped = (secret: string): string => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Turning the second factor on: a new key (as a QR code to scan, a link an authenticator app
 * opens and text to type), its first code, then the recovery codes, shown once.
 * `setupToken` is the login's session limited to this setup; without it, the stored session.
 */
export const SecondFactorSetup = ({
  setupToken,
  onDone,
  onCancel,
}: {
  setupToken?: string;
  onDone: (result: SecondFactorConfirmed) => void;
  onCancel?: () => void;
}) => {
  const translate = useTranslate();
  const [secret, setSecret] = useState<NewSecret | null>(null);
  const [failure, setFailure] = useState<Message | undefined>();
  const [confirmed, setConfirmed] = useState<SecondFactorConfirmed | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    secondFactorApi(setupToken)
      .newSecret()
      .then((made) => {
        if (!live) return;
        setFailure(undefined);
        setSecret(made);
      })
      .catch((error: unknown) => live && setFailure(codeErrorMessage(error)));
    return () => {
      live = false;
    };
  }, [setupToken, attempt]);

  if (confirmed) return <RecoveryCodes codes={confirmed.recoveryCodes} onDone={() => onDone(confirmed)} />;
  if (failure && !secret) return <Alert severity="error">{translate(failure.key, failure.args)}</Alert>;
  if (!secret) {
    return (
      <Stack direction="row" spacing={1} alignItems="center">
        <CircularProgress size={20} />
        <Typography>{translate('secondFactor.loading')}</Typography>
      </Stack>
    );
  }

  const confirm = async (code: string): Promise<Message | undefined> => {
    try {
      setConfirmed(await secondFactorApi(setupToken).confirm(secret.setupKey, code));
      return undefined;
    } catch (error) {
      const message = codeErrorMessage(error);
      if (message.key === 'secondFactor.setupExpired') {
        setSecret(null);
        setAttempt(attempt + 1);
      }
      return message;
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <Typography variant="body2">{translate('secondFactor.scan')}</Typography>
      <Box
        component="img"
        src={secret.qrCode}
        alt={translate('secondFactor.qrCode')}
        data-testid="second-factor-qr"
        width={220}
        height={220}
        sx={{ alignSelf: { xs: 'center', sm: 'flex-start' }, maxWidth: '100%', height: 'auto', imageRendering: 'pixelated' }}
      />
      <Button variant="outlined" href={secret.otpauthUri} sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}>
        {translate('secondFactor.openInApp')}
      </Button>
      <Box>
        <Typography variant="caption" color="text.secondary" component="div">
          {translate('secondFactor.key')}
        </Typography>
        <Typography
          data-testid="second-factor-key"
          sx={{ fontFamily: 'monospace', fontSize: '1.1rem', wordBreak: 'break-word', userSelect: 'all' }}
        >
          {grouped(secret.secret)}
        </Typography>
      </Box>
      <TextField
        label={translate('secondFactor.uri')}
        value={secret.otpauthUri}
        multiline
        fullWidth
        size="small"
        slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace', fontSize: '0.8rem' } } }}
      />
      <Typography variant="body2">{translate('secondFactor.firstCode')}</Typography>
      <CodeForm submit={confirm} submitLabel="secondFactor.confirm" autoFocus={false} />
      {onCancel ? (
        <Button onClick={onCancel} sx={{ alignSelf: 'flex-start' }}>
          {translate('secondFactor.cancel')}
        </Button>
      ) : null}
    </Stack>
  );
};
