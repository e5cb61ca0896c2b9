import { Box, Button, TextField, Typography } from '@mui/material';
import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import type { ZodError } from 'zod';
import { dishEditSchema, fieldErrors, type Dish, type FieldError } from '../../domain';
import { useSaveDish, type DishChange } from './useSaveDish';

/** The numbers of a listed dish that change in the row: its price and its stock. */
export type InlineField = 'price' | 'amount';

const stopRowClick = (event: MouseEvent) => event.stopPropagation();

/** What the user typed, as the API takes it: a number (a comma as the decimal point), null when empty, else the text (refused as not a number). */
export const parseTyped = (typed: string): unknown => {
  const text = typed.trim().replace(',', '.');
  if (text === '') return null;
  const value = Number(text);
  return Number.isNaN(value) ? typed : value;
};

const firstProblem = (error: ZodError): FieldError => fieldErrors(error)[0] ?? { field: '', key: 'validation.invalid', message: '' };

/** The typed value checked by the dish's own rule: the change to send, or the rule's message. */
export function checkTyped(field: InlineField, typed: string): { change: DishChange } | { problem: FieldError } {
  const value = parseTyped(typed);
  if (field === 'price') {
    const checked = dishEditSchema.shape.price.safeParse(value);
    return checked.success ? { change: { price: checked.data } } : { problem: firstProblem(checked.error) };
  }
  const checked = dishEditSchema.shape.amount.safeParse(value);
  return checked.success ? { change: { amount: checked.data ?? null } } : { problem: firstProblem(checked.error) };
}

/**
 * A price or a stock of a listed dish, changed in the row itself: a click or Enter on it opens
 * an input; Enter or leaving it saves, Escape puts it back. The value is checked by the dish's
 * own rule first, then saved by the usual update call with Undo in its toast; a value refused
 * (by the rule or by the API) keeps the stored one and says why under it. Users who may not edit
 * dishes see the value only.
 */
export const InlineDishNumber = ({ field, shown, testId }: { field: InlineField; shown: string; testId?: string }) => {
  const dish = useRecordContext<Dish>();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'dishes', action: 'edit' });
  const { save } = useSaveDish();
  const [draft, setDraft] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const finished = useRef(false);
  const opener = useRef<HTMLButtonElement>(null);
  if (!dish) return null;
  if (!canAccess) {
    return (
      <Typography variant="body2" component="span" data-testid={testId}>
        {shown}
      </Typography>
    );
  }
  const label = translate(`resources.dishes.fields.${field}`);

  const open = (event: MouseEvent) => {
    event.stopPropagation();
    finished.current = false;
    setRefusal(null);
    setDraft(dish[field] === null ? '' : String(dish[field]));
  };
  const close = (refocus: boolean) => {
    finished.current = true;
    setDraft(null);
    if (refocus) setTimeout(() => opener.current?.focus(), 0);
  };
  const commit = (refocus: boolean) => {
    if (finished.current || draft === null) return;
    close(refocus);
    const checked = checkTyped(field, draft);
    if ('problem' in checked) {
      const { key, args, message } = checked.problem;
      setRefusal(translate(key, { ...(args ?? {}), _: message }));
      return;
    }
    if (checked.change[field] === dish[field]) return;
    save(dish, checked.change, 'resources.dishes.inline.saved', setRefusal);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    event.stopPropagation();
    if (event.key === 'Enter') {
      event.preventDefault();
      commit(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    }
  };

  return (
    <Box sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start' }}>
      {draft === null ? (
        <Button
          ref={opener}
          size="small"
          onClick={open}
          aria-label={`${translate('resources.dishes.inline.edit', { field: label, name: dish.name })}: ${shown}`}
          sx={{ textTransform: 'none', minWidth: 0, px: 0.5, color: 'text.primary', fontWeight: 'normal', justifyContent: 'flex-start' }}
        >
          <span data-testid={testId}>{shown}</span>
        </Button>
      ) : (
        <TextField
          autoFocus
          size="small"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => commit(false)}
          onClick={stopRowClick}
          placeholder={field === 'amount' ? translate('resources.dishes.unlimited') : undefined}
          helperText={translate('resources.dishes.inline.hint')}
          sx={{ width: '9rem' }}
          slotProps={{
            htmlInput: {
              'aria-label': translate('resources.dishes.inline.edit', { field: label, name: dish.name }),
              inputMode: field === 'price' ? 'decimal' : 'numeric',
            },
          }}
        />
      )}
      {refusal ? (
        <Typography role="alert" variant="caption" color="error" sx={{ maxWidth: '12rem' }}>
          {translate('resources.dishes.inline.refused', { reason: refusal })}
        </Typography>
      ) : null}
    </Box>
  );
};
