import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RemoveShoppingCartIcon from '@mui/icons-material/RemoveShoppingCart';
import { useState, type ReactNode } from 'react';
import { Button, Confirm, useListContext, useNotify, useTranslate, useUpdateMany } from 'react-admin';
import type { Dish } from '../../domain';
import { stockChange } from './DishToggles';
import { refusalOf, type DishChange } from './useSaveDish';

interface BulkChangeProps {
  label: string;
  icon: ReactNode;
  change: DishChange;
  /** The toast once done, with the count. */
  done: string;
  /** The confirmation asked first (title and text, with the count), for changes that take dishes off the menu. */
  confirm?: { title: string; content: string };
}

/**
 * One change to every selected dish in one call (POST /dishes/bulk through updateMany): all of
 * them change or none does, and the toast says which.
 */
const BulkChangeButton = ({ label, icon, change, done, confirm }: BulkChangeProps) => {
  const { selectedIds, onUnselectItems } = useListContext<Dish>();
  const [updateMany, { isPending }] = useUpdateMany<Dish>();
  const notify = useNotify();
  const translate = useTranslate();
  const [asking, setAsking] = useState(false);
  const count = selectedIds.length;
  const run = () =>
    updateMany(
      'dishes',
      { ids: selectedIds, data: change },
      {
        mutationMode: 'pessimistic',
        onSettled: () => setAsking(false),
        onSuccess: () => {
          notify(done, { type: 'info', messageArgs: { smart_count: count } });
          onUnselectItems();
        },
        onError: (error) =>
          notify('resources.dishes.bulk.failed', {
            type: 'error',
            messageArgs: { reason: refusalOf(error, ['ids', 'change', ...Object.keys(change)], translate('ra.notification.http_error')) },
          }),
      },
    );
  return (
    <>
      {/* Named here too: on a phone react-admin shows an icon button, which it leaves unnamed while disabled. */}
      <Button
        label={label}
        aria-label={translate(label)}
        disabled={isPending || count === 0}
        onClick={() => (confirm ? setAsking(true) : run())}
      >
        <>{icon}</>
      </Button>
      {confirm ? (
        <Confirm
          isOpen={asking}
          loading={isPending}
          title={confirm.title}
          content={confirm.content}
          translateOptions={{ smart_count: count }}
          onConfirm={run}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </>
  );
};

/** The dish list's bulk actions: enable, disable and mark out of stock (a stock of none) the selected dishes. */
export const DishBulkActions = () => (
  <>
    <BulkChangeButton
      label="resources.dishes.bulk.enable"
      icon={<CheckCircleIcon />}
      change={{ enabled: true }}
      done="resources.dishes.bulk.enabled"
    />
    <BulkChangeButton
      label="resources.dishes.bulk.disable"
      icon={<BlockIcon />}
      change={{ enabled: false }}
      done="resources.dishes.bulk.disabled"
      confirm={{ title: 'resources.dishes.bulk.disableTitle', content: 'resources.dishes.bulk.disableContent' }}
    />
    <BulkChangeButton
      label="resources.dishes.bulk.outOfStock"
      icon={<RemoveShoppingCartIcon />}
      change={stockChange(false)}
      done="resources.dishes.bulk.outOfStockDone"
      confirm={{ title: 'resources.dishes.bulk.outOfStockTitle', content: 'resources.dishes.bulk.outOfStockContent' }}
    />
  </>
);
