import { Box, Switch } from '@mui/material';
import type { MouseEvent } from 'react';
import { useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import type { Dish } from '../../domain';
import { InlineDishNumber } from './InlineDishNumber';
import { useSaveDish } from './useSaveDish';

/** Out of stock is a stock of none; back in stock is no limit, as a new dish starts. */
export const stockChange = (inStock: boolean): Pick<Dish, 'amount'> => ({ amount: inStock ? null : 0 });
export const isInStock = (dish: Pick<Dish, 'amount'>): boolean => dish.amount !== 0;

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
      {/* What is left: changed in place (empty is no limit). */}
      <InlineDishNumber field="amount" shown={left} testId="dish-stock" />
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
