import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';

/**
 * A value to read and copy, never to edit (a city's auth key, a bot's endpoint). The texts
 * are translation keys: the field's label, the copy button's label, and the two outcomes.
 */
export const CopyField = ({
  value,
  label,
  helperText,
  copyLabel,
  copied,
  copyFailed,
  testId,
}: {
  value: string;
  label: string;
  helperText?: string;
  copyLabel: string;
  copied: string;
  copyFailed: string;
  testId: string;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify(copied, { type: 'info' });
    } catch {
      notify(copyFailed, { type: 'warning' });
    }
  };
  const buttonLabel = translate(copyLabel);
  return (
    <Box sx={{ width: '100%', mb: 2 }}>
      <TextField
        fullWidth
        label={translate(label)}
        helperText={helperText ? translate(helperText) : undefined}
        value={value}
        slotProps={{
          htmlInput: { readOnly: true, 'data-testid': testId },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={buttonLabel}>
                  <IconButton aria-label={buttonLabel} onClick={copy} edge="end">
                    <ContentCopyIcon />
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
};
