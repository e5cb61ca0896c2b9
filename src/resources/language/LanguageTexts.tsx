import { Alert, Box, Button, FormControlLabel, Pagination, Stack, Switch, TextField, Typography } from '@mui/material';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Confirm, useNotify, useTranslate, useUpdate } from 'react-admin';
import type { Locale } from '../../domain';
import type { LanguageRecord, TextMap } from '../../domain/language';
import { LANGUAGES } from '../../providers/i18nProvider';
import { useApiMutation } from '../common/useApiQuery';
import { restoreLanguage } from './languageApi';
import { ReloadNotice } from './ReloadNotice';
import { scheduleReload } from './reloadCountdown';
import { textProblems } from './textProblems';
import { changedTexts, filterRows } from './textRows';
import { TextRowField } from './TextRowField';

/** Rows per page: about a thousand keys stay quick to filter and to render a page of. */
export const TEXTS_PER_PAGE = 25;

interface Props {
  locale: Locale;
  record: LanguageRecord;
  /** After the shipped texts are back: read the language again. */
  onRestored: () => void;
}

/** The texts of one language: filter, pages of keys, Save and Restore. */
export const LanguageTexts = ({ locale, record, onRestored }: Props) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [typed, setTyped] = useState<TextMap>({});
  const [q, setQ] = useState('');
  const [changedOnly, setChangedOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState(false);
  const [reload, setReload] = useState<{ at: number; done: 'saved' | 'restored' } | null>(null);
  const filter = useDeferredValue(useMemo(() => ({ q, changedOnly }), [q, changedOnly]));

  const rows = useMemo(() => filterRows(record, typed, filter), [record, typed, filter]);
  const changes = useMemo(() => changedTexts(record, typed), [record, typed]);
  const problems = useMemo(() => textProblems(changes, record.shipped), [changes, record.shipped]);
  const changeCount = Object.keys(changes).length;
  const problemCount = Object.keys(problems).length;
  const pages = Math.max(1, Math.ceil(rows.length / TEXTS_PER_PAGE));
  const shown = rows.slice((Math.min(page, pages) - 1) * TEXTS_PER_PAGE, Math.min(page, pages) * TEXTS_PER_PAGE);
  const language = LANGUAGES.find((l) => l.locale === locale)?.name ?? locale;

  const onChange = useCallback((key: string, text: string) => setTyped((current) => ({ ...current, [key]: text })), []);
  const done = (kind: 'saved' | 'restored') => {
    setTyped({});
    setReload({ at: scheduleReload().reloadAt, done: kind });
  };
  const failed = (error: Error) => notify('resources.language.failed', { type: 'error', messageArgs: { message: error.message } });
  const [update, { isPending: saving }] = useUpdate();
  const save = () =>
    update(
      'language',
      { id: locale, data: { data: changes }, previousData: record },
      { mutationMode: 'pessimistic', onSuccess: () => done('saved'), onError: failed },
    );
  const restore = useApiMutation({
    mutationFn: () => restoreLanguage(locale),
    onSuccess: () => {
      onRestored();
      done('restored');
    },
    onError: failed,
  });
  const busy = saving || restore.isPending || reload !== null;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {reload ? <ReloadNotice reloadAt={reload.at} done={reload.done} /> : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
        <TextField
          type="search"
          label={translate('resources.language.filter')}
          value={q}
          onChange={(event) => {
            setQ(event.target.value);
            setPage(1);
          }}
          size="small"
          sx={{ flex: 1 }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={changedOnly}
              onChange={(event) => {
                setChangedOnly(event.target.checked);
                setPage(1);
              }}
            />
          }
          label={translate('resources.language.changedOnly')}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} justifyContent="space-between">
        <Typography variant="body2" role="status">
          {translate('resources.language.count', { smart_count: rows.length })}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="contained" disabled={busy || changeCount === 0 || problemCount > 0} onClick={save}>
            {changeCount === 0
              ? translate('resources.language.nothingToSave')
              : translate('resources.language.save', { smart_count: changeCount })}
          </Button>
          <Button variant="outlined" color="warning" disabled={busy} onClick={() => setConfirming(true)}>
            {translate('resources.language.restore')}
          </Button>
        </Stack>
      </Stack>
      {problemCount > 0 ? <Alert severity="warning">{translate('resources.language.fixErrors')}</Alert> : null}
      {shown.length ? (
        <Box component="ul" sx={{ p: 0, m: 0 }}>
          {shown.map((row) => (
            // While a save is under way or the reload is due, the texts cannot change.
            <TextRowField key={row.key} row={row} locale={locale} problem={problems[row.key]} onChange={onChange} disabled={busy} />
          ))}
        </Box>
      ) : (
        <Typography sx={{ py: 2 }}>{translate('resources.language.none')}</Typography>
      )}
      {pages > 1 ? (
        <Pagination
          count={pages}
          page={Math.min(page, pages)}
          onChange={(_, next) => setPage(next)}
          siblingCount={0}
          sx={{ justifySelf: 'center' }}
          getItemAriaLabel={(type, item, selected) =>
            translate(selected ? 'ra.navigation.current_page' : `ra.navigation.${type}`, { page: item })
          }
        />
      ) : null}
      <Confirm
        isOpen={confirming}
        title="resources.language.restoreTitle"
        content="resources.language.restoreContent"
        translateOptions={{ language }}
        loading={restore.isPending}
        onConfirm={() => {
          setConfirming(false);
          restore.mutate();
        }}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
};
