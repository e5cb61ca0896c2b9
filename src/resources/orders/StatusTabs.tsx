import { Tab, Tabs } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { isOrderStatusTab, ORDER_STATUS_TABS, type OrderStatusTab } from '../../domain';
import { useStatusCounts } from './orderWorkspaceReads';

type TabValue = OrderStatusTab | 'all';

/**
 * The status tabs over the list (all, new, in progress, on the way, done, cancelled), each
 * with its count for the other filters. The chosen tab is a filter like the others: in the
 * URL, applied by the server.
 */
export const StatusTabs = () => {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const counts = useStatusCounts(filterValues);
  const value: TabValue = isOrderStatusTab(filterValues.status) ? filterValues.status : 'all';
  const choose = (next: TabValue) => {
    const { status: _previous, ...rest } = filterValues;
    setFilters(next === 'all' ? rest : { ...rest, status: next }, displayedFilters);
  };
  const label = (tab: TabValue) => {
    const count = counts.data?.[tab];
    const name = translate(`resources.orders.workspace.tabs.${tab}`);
    return count === undefined ? name : `${name} (${count.toLocaleString()})`;
  };
  return (
    <Tabs
      value={value}
      onChange={(_event, next: TabValue) => choose(next)}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label={translate('resources.orders.workspace.tabsLabel')}
      // Width 0 but at least the card's: the tabs scroll inside the card instead of widening it
      // (and the whole page with it) to their own length on a phone.
      sx={{
        width: 0,
        minWidth: '100%',
        px: { xs: 0, sm: 1 },
        minHeight: 40,
        '& .MuiTab-root': { minHeight: 40, py: 0.5, textTransform: 'none' },
      }}
    >
      {(['all', ...ORDER_STATUS_TABS] as const).map((tab) => (
        <Tab key={tab} value={tab} label={label(tab)} data-tab={tab} />
      ))}
    </Tabs>
  );
};
