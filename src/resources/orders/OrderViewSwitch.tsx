import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import ViewAgendaIcon from '@mui/icons-material/ViewAgenda';
import ViewListIcon from '@mui/icons-material/ViewList';
import { useStore, useTranslate } from 'react-admin';

export type OrderView = 'cards' | 'table';

/** The list's view, cards or a compact table, remembered in the browser (react-admin's store). */
export const useOrderView = () => useStore<OrderView>('orders.view', 'cards');

export const OrderViewSwitch = () => {
  const translate = useTranslate();
  const [view, setView] = useOrderView();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={view}
      onChange={(_event, next: OrderView | null) => {
        if (next) setView(next);
      }}
      aria-label={translate('resources.orders.workspace.view')}
    >
      <ToggleButton
        value="cards"
        aria-label={translate('resources.orders.workspace.cards')}
        title={translate('resources.orders.workspace.cards')}
      >
        <ViewAgendaIcon fontSize="small" />
      </ToggleButton>
      <ToggleButton
        value="table"
        aria-label={translate('resources.orders.workspace.table')}
        title={translate('resources.orders.workspace.table')}
      >
        <ViewListIcon fontSize="small" />
      </ToggleButton>
    </ToggleButtonGroup>
  );
};
