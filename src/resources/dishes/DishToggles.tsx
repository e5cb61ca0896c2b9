import { Box, Switch, Typography } from '@mui/material';
import type { MouseEvent } from 'react';
import { useCanAccess, useNotify, useRecordContext, useTranslate, useUpdate } from 'react-admin';
import type { Dish } from '../../domain';

/** Out of stock is a stock of none; back in stock is no limit, as a new dish starts. */
export const stockChange = (inStock: boolean): Pick<Dish, 'amount'> => ({ amount: inStock ? null : 0 });
export const isInStock = (dish: Pick<Dish, 'amount'>): boolean => dish.amount !== 0;

/**
 * Saves one field of a listed dish at once through the data provider (the same call and rules
 * as the form: the API checks the role and the restaurant). The row shows the change at once
 * and goes back, with a toast saying why, when the API refuses it.
 */
function useSaveDish() {
  const [update, { isPending }] = useUpdate<Dish>();
  const notify = useNotify();
  const translate = useTranslate();
  const save = (dish: Dish, data: Partial<Dish>, done: string) =>
    update(
      'dishes',
      { id: dish.id, data, previousData: dish },
      {
        mutationMode: 'optimistic',
        onSuccess: () => notify(done, { type: 'info', messageArgs: { name: dish.name } }),
        onError: (error) =>
          notify('resources.dishes.toggles.failed', {
            type: 'error',
            messageArgs: { name: dish.name, reason: error instanceof Error ? error.message : translate('ra.notification.http_error') },
          }),
      },
    );
  return { save, isPending };
}

const stopRowClick = (event: MouseEvent) => event.stopPropagation();

/** The stock of a listed dish: a switch (in stock or out of it) and what is left. */
export const StockToggle = () => {
  const dish = useRecordContext<Dish>();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'dishes', action: 'edit' });
  const { save, isPending } = useSaveDish();
  if (!dish) return null;
  const inStock = isInStock(dish);
  const left =
    dish.amount === null
      ? translate('resources.dishes.unlimited')
      : inStock
        ? String(dish.amount)
        : translate('resources.dishes.toggles.outOfStock');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
      <Switch
        checked={inStock}
        disabled={!canAccess || isPending}
        onClick={stopRowClick}
        onChange={(_event, checked) =>
          save(dish, stockChange(checked), checked ? 'resources.dishes.toggles.backInStock' : 'resources.dishes.toggles.nowOutOfStock')
        }
        slotProps={{ input: { 'aria-label': `${translate('resources.dishes.toggles.inStock')}: ${dish.name}` } }}
      />
      <Typography variant="body2" component="span" data-testid="dish-stock">
        {left}
      </Typography>
    </Box>
  );
};

/** Whether a listed dish is offered at all, saved at once. */
export const DishEnabledToggle = () => {
  const dish = useRecordContext<Dish>();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'dishes', action: 'edit' });
  const { save, isPending } = useSaveDish();
  if (!dish) return null;
  return (
    <Switch
      checked={dish.enabled}
      disabled={!canAccess || isPending}
      onClick={stopRowClick}
      onChange={(_event, enabled) =>
        save(dish, { enabled }, enabled ? 'resources.dishes.toggles.nowEnabled' : 'resources.dishes.toggles.nowDisabled')
      }
      slotProps={{ input: { 'aria-label': `${translate('resources.dishes.fields.enabled')}: ${dish.name}` } }}
    />
  );
};
