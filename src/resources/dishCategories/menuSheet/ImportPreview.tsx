import { Alert, Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { Locale } from '../../../domain';
import { MENU_SHEET_TEXTS, type MenuImportPreview, type MenuRefusal, type MenuSheetName, type ShownValue } from '../../../domain/menuSheet';

const T = 'resources.dishCategories.menuSheet';
/** Rows shown per list; a whole menu's changes are counted in the summary. */
const SHOWN = 200;

type Translate = ReturnType<typeof useTranslate>;

const columnLabel = (locale: Locale, sheet: MenuSheetName, column: string): string => {
  const headers: Record<string, string> = MENU_SHEET_TEXTS[locale][sheet];
  return headers[column] ?? column;
};

/** A refusal in the user's language: the form rule's message, or the sheet's own, its column named as the sheet heads it. */
export const refusalText = (translate: Translate, locale: Locale, refusal: MenuRefusal): string => {
  const args: Record<string, string | number> = { ...refusal.args };
  if (typeof args.column === 'string') args.column = columnLabel(locale, refusal.sheet, args.column);
  if (refusal.key === 'menuSheet.missingSheet') args.sheet = MENU_SHEET_TEXTS[locale].sheets[refusal.sheet];
  const own = /^menuSheet\.(\w+)$/.exec(refusal.key)?.[1];
  return translate(own ? `${T}.problems.${own}` : refusal.key, { ...args, _: refusal.message });
};

const shown = (translate: Translate, locale: Locale, value: ShownValue): string => {
  if (value === null || value === '') return translate(`${T}.empty`);
  if (typeof value === 'boolean') return value ? MENU_SHEET_TEXTS[locale].yes : MENU_SHEET_TEXTS[locale].no;
  return String(value);
};

const Scroll = ({ children }: { children: ReactNode }) => <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>{children}</Box>;

const More = ({ total }: { total: number }) => {
  const translate = useTranslate();
  return total > SHOWN ? <Typography variant="body2">{translate(`${T}.more`, { count: total - SHOWN })}</Typography> : null;
};

const Refused = ({ preview, locale }: { preview: MenuImportPreview; locale: Locale }) => {
  const translate = useTranslate();
  if (preview.refused.length === 0) return null;
  return (
    <Box>
      <Alert severity="error" sx={{ mb: 1 }}>
        {translate(`${T}.refusedTitle`, { count: preview.refused.length })}
      </Alert>
      <Scroll>
        <Table size="small" aria-label={translate(`${T}.refusedTitle`, { count: preview.refused.length })}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(`${T}.sheet`)}</TableCell>
              <TableCell>{translate(`${T}.cell`)}</TableCell>
              <TableCell>{translate(`${T}.problem`)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.refused.slice(0, SHOWN).map((refusal, index) => (
              <TableRow key={index}>
                <TableCell>{MENU_SHEET_TEXTS[locale].sheets[refusal.sheet]}</TableCell>
                <TableCell>
                  {refusal.cell ?? (refusal.row === null ? translate(`${T}.empty`) : `${translate(`${T}.row`)} ${refusal.row}`)}
                  {refusal.field ? ` (${columnLabel(locale, refusal.sheet, refusal.field)})` : ''}
                </TableCell>
                <TableCell>{refusalText(translate, locale, refusal)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Scroll>
      <More total={preview.refused.length} />
    </Box>
  );
};

type Part = MenuImportPreview['dishes'];

/** One sheet's rows added, changed (field: old → new) and removed. */
const SheetChanges = ({ sheet, part, locale }: { sheet: MenuSheetName; part: Part; locale: Locale }) => {
  const translate = useTranslate();
  const title = (key: string, count: number) => (
    <Typography variant="subtitle2" component="h4" sx={{ mt: 1 }}>
      {translate(`${T}.${key}`, { count })}
    </Typography>
  );
  const where = (row: { name: string; category: string | null }) => (row.category ? `${row.name} (${row.category})` : row.name);
  if (part.added.length + part.changed.length + part.removed.length === 0) return null;
  return (
    <Box component="section" aria-label={translate(`${T}.${sheet}`)}>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {translate(`${T}.${sheet}`)}
      </Typography>
      {part.added.length > 0 ? (
        <>
          {title('added', part.added.length)}
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {part.added.slice(0, SHOWN).map((row, index) => (
              <li key={index}>{where(row)}</li>
            ))}
          </Box>
          <More total={part.added.length} />
        </>
      ) : null}
      {part.changed.length > 0 ? (
        <>
          {title('changed', part.changed.length)}
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {part.changed.slice(0, SHOWN).map((row) => (
              <li key={row.id}>
                <strong>{where(row)}</strong>
                {row.changes.map((change) => (
                  <Box key={change.field} sx={{ overflowWrap: 'anywhere' }}>
                    {columnLabel(locale, sheet, change.field)}: {shown(translate, locale, change.old)} →{' '}
                    {shown(translate, locale, change.new)}
                  </Box>
                ))}
              </li>
            ))}
          </Box>
          <More total={part.changed.length} />
        </>
      ) : null}
      {part.removed.length > 0 ? (
        <>
          {title('removed', part.removed.length)}
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {part.removed.slice(0, SHOWN).map((row) => (
              <li key={row.id}>
                {where(row)}
                {row.dishCount ? ` — ${translate(`${T}.removedWithDishes`, { count: row.dishCount })}` : ''}
              </li>
            ))}
          </Box>
          <More total={part.removed.length} />
        </>
      ) : null}
    </Box>
  );
};

/** What an import would do: the counts, the refused cells, and each sheet's rows added, changed and removed. */
export const ImportPreview = ({ preview, locale }: { preview: MenuImportPreview; locale: Locale }) => {
  const translate = useTranslate();
  const counts = (part: MenuImportPreview['summary']['dishes']) => translate(`${T}.counts`, part);
  const { categories, dishes } = preview.summary;
  const nothing = categories.added + categories.changed + categories.removed + dishes.added + dishes.changed + dishes.removed === 0;
  return (
    <Box>
      <Typography role="status" sx={{ mb: 1 }}>
        {translate(`${T}.summary`, { categories: counts(categories), dishes: counts(dishes) })}
      </Typography>
      {nothing && preview.refused.length === 0 ? <Alert severity="info">{translate(`${T}.nothing`)}</Alert> : null}
      <Refused preview={preview} locale={locale} />
      <SheetChanges sheet="categories" part={preview.categories} locale={locale} />
      <SheetChanges sheet="dishes" part={preview.dishes} locale={locale} />
    </Box>
  );
};
