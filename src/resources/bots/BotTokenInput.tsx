import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment } from '@mui/material';
import { useState } from 'react';
import { TextInput, useTranslate } from 'react-admin';

/**
 * The bot token is a secret: the field masks it until the admin asks to see it (someone may be
 * looking at the screen), and the button says which way it turns.
 */
export const BotTokenInput = () => {
  const translate = useTranslate();
  const [shown, setShown] = useState(false);
  return (
    <TextInput
      source="botToken"
      type={shown ? 'text' : 'password'}
      isRequired
      fullWidth
      autoComplete="off"
      helperText="resources.bots.helpers.botToken"
      InputProps={{
        endAdornment: (
          <InputAdornment position="end">
            <IconButton
              aria-label={translate(shown ? 'resources.bots.token.hide' : 'resources.bots.token.show')}
              aria-pressed={shown}
              onClick={() => setShown(!shown)}
              edge="end"
              data-testid="bot-token-reveal"
            >
              {shown ? <VisibilityOff /> : <Visibility />}
            </IconButton>
          </InputAdornment>
        ),
      }}
    />
  );
};
