import { Box, Button, Link, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { isRecoveryCode, isTotpCode } from '../../domain';
import type { Message } from './codeErrors';

/**
 * One field for a second-factor code: the app's six digits (a phone offers the code it read
 * from a message: `one-time-code`), or, when allowed, a recovery code. `submit` answers the
 * message to show under the field when the code is refused.
 */
export const CodeForm = ({
  submit,
  submitLabel,
  allowRecovery = false,
  autoFocus = true,
}: {
  submit: (code: string) => Promise<Message | undefined>;
  submitLabel: string;
  allowRecovery?: boolean;
  autoFocus?: boolean;
}) => {
  const translate = useTranslate();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<Message | undefined>();
  const [busy, setBusy] = useState(false);
  const valid = recovery ? isRecoveryCode(code) : isTotpCode(code);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    try {
      const refused = await submit(code);
      setError(refused);
      if (refused) setCode('');
    } finally {
      setBusy(false);
    }
  };
  const switchKind = () => {
    setRecovery(!recovery);
    setCode('');
    setError(undefined);
  };

  return (
    <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, width: '100%' }}>
      <Typography variant="body2" color="text.secondary">
        {translate(recovery ? 'secondFactor.recoveryCodeText' : 'secondFactor.codeText')}
      </Typography>
      <TextField
        key={recovery ? 'recovery' : 'app'}
        label={translate(recovery ? 'secondFactor.recoveryCode' : 'secondFactor.code')}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setError(undefined);
        }}
        autoComplete="one-time-code"
        autoFocus={autoFocus}
        fullWidth
        error={error !== undefined}
        helperText={error ? translate(error.key, error.args) : ' '}
        slotProps={{
          htmlInput: recovery
            ? { autoCapitalize: 'none', spellCheck: false, maxLength: 16 }
            : { inputMode: 'numeric', pattern: '[0-9 ]*', maxLength: 7, style: { letterSpacing: '0.3em', fontSize: '1.4rem' } },
        }}
      />
      <Button type="submit" variant="contained" fullWidth disabled={!valid || busy}>
        {translate(submitLabel)}
      </Button>
      {allowRecovery ? (
        <Link component="button" type="button" variant="body2" onClick={switchKind} sx={{ alignSelf: 'center' }}>
          {translate(recovery ? 'secondFactor.useApp' : 'secondFactor.useRecovery')}
        </Link>
      ) : null}
    </Box>
  );
};
