import RestoreIcon from '@mui/icons-material/Restore';
import { Box, Chip, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { memo } from 'react';
import { useTranslate } from 'react-admin';
import type { Locale } from '../../domain';
import type { TextRow } from './textRows';

export interface RowProblem {
  message: string;
  args?: Record<string, string | number>;
}

interface Props {
  row: TextRow;
  locale: Locale;
  problem?: RowProblem;
  onChange: (key: string, text: string) => void;
  disabled: boolean;
}

/** One key: its text to edit, the English beside it, and a way back to the shipped text. */
export const TextRowField = memo(function TextRowField({ row, locale, problem, onChange, disabled }: Props) {
  const translate = useTranslate();
  const changed = row.text !== row.shipped;
  const helper = problem
    ? translate(problem.message, problem.args)
    : changed
      ? translate('resources.language.shipped', { text: row.shipped })
      : undefined;
  return (
    <Box component="li" sx={{ listStyle: 'none', py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      {locale !== 'en' ? (
        <Typography variant="body2" color="text.secondary" lang="en" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          {translate('resources.language.english', { text: row.english })}
        </Typography>
      ) : null}
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <TextField
          label={row.key}
          value={row.text}
          onChange={(event) => onChange(row.key, event.target.value)}
          error={!!problem}
          disabled={disabled}
          helperText={helper}
          multiline
          fullWidth
          size="small"
          slotProps={{ htmlInput: { lang: locale, spellCheck: true }, formHelperText: { sx: { overflowWrap: 'anywhere' } } }}
        />
        {changed ? (
          <Stack alignItems="center" spacing={0.5}>
            <Chip label={translate('resources.language.changed')} size="small" color="info" />
            <Tooltip title={translate('resources.language.useShipped')}>
              {/* A disabled button fires no events: the tooltip listens on its wrapper. */}
              <span>
                <IconButton
                  aria-label={translate('resources.language.useShipped')}
                  onClick={() => onChange(row.key, row.shipped)}
                  disabled={disabled}
                  size="small"
                >
                  <RestoreIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </Stack>
        ) : null}
      </Stack>
    </Box>
  );
});
