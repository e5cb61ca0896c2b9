import { Button } from '@mui/material';
import { HttpError, useCloseNotification, useNotify, useTranslate, useUpdate } from 'react-admin';
import type { Dish } from '../../domain';

/** The fields of a listed dish that change in the row itself. */
export type DishChange = Partial<Pick<Dish, 'price' | 'amount' | 'enabled'>>;

/** Long enough for a keyboard user to reach the toast's Undo. */
const UNDO_TOAST_MS = 6000;

/** The stored values of the fields a change names: what Undo sends back. */
export const previousOf = (dish: Dish, change: DishChange): DishChange => ({
  ...(change.price !== undefined ? { price: dish.price } : {}),
  ...(change.amount !== undefined ? { amount: dish.amount } : {}),
  ...(change.enabled !== undefined ? { enabled: dish.enabled } : {}),
});

/** Why the API refused a change: its field's message when it names one, else the error's own text. */
export function refusalOf(error: unknown, fields: readonly string[], fallback: string): string {
  if (error instanceof HttpError) {
    const body: unknown = error.body;
    const errors: unknown = typeof body === 'object' && body !== null && 'errors' in body ? body.errors : undefined;
    if (typeof errors === 'object' && errors !== null) {
      const found: unknown = Object.entries(errors).find(([field]) => fields.includes(field))?.[1];
      if (typeof found === 'string') return found;
    }
  }
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * The toast's Undo: sends the values the dish had before (the same update call), so the server
 * ends up with them, and closes the toast once the API has answered.
 */
const UndoDishChange = ({ id, name, previous }: { id: Dish['id']; name: string; previous: DishChange }) => {
  const [update, { isPending }] = useUpdate<Dish>();
  const notify = useNotify();
  const translate = useTranslate();
  const close = useCloseNotification();
  const undo = () =>
    update(
      'dishes',
      { id, data: previous },
      {
        mutationMode: 'pessimistic',
        onSettled: () => close(),
        onSuccess: () => notify('resources.dishes.inline.undone', { type: 'info', messageArgs: { name } }),
        onError: (error) =>
          notify('resources.dishes.toggles.failed', {
            type: 'error',
            messageArgs: { name, reason: refusalOf(error, [], translate('ra.notification.http_error')) },
          }),
      },
    );
  return (
    <Button color="primary" size="small" onClick={undo} disabled={isPending}>
      {translate('resources.dishes.inline.undo')}
    </Button>
  );
};

/**
 * Saves fields of a listed dish at once through the data provider (the same call and rules as
 * the form: the API checks the role and the restaurant). The row shows the change at once; the
 * toast that says so offers Undo. When the API refuses, the row goes back and `onRefused` (or a
 * toast) says why.
 */
export function useSaveDish() {
  const [update, { isPending }] = useUpdate<Dish>();
  const notify = useNotify();
  const translate = useTranslate();
  const save = (dish: Dish, change: DishChange, done: string, onRefused?: (reason: string) => void) =>
    update(
      'dishes',
      { id: dish.id, data: change, previousData: dish },
      {
        mutationMode: 'optimistic',
        onSuccess: () =>
          notify(done, {
            type: 'info',
            messageArgs: { name: dish.name },
            autoHideDuration: UNDO_TOAST_MS,
            action: <UndoDishChange id={dish.id} name={dish.name} previous={previousOf(dish, change)} />,
          }),
        onError: (error) => {
          const reason = refusalOf(error, Object.keys(change), translate('ra.notification.http_error'));
          if (onRefused) onRefused(reason);
          else notify('resources.dishes.toggles.failed', { type: 'error', messageArgs: { name: dish.name, reason } });
        },
      },
    );
  return { save, isPending };
}
