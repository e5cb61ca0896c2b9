import { BooleanInput, Datagrid, FunctionField, List, Loading, NumberField, TextField } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { Restaurant } from '../../domain';
import { useCityListProps } from '../common/CityInputs';
import { CreateAction } from '../common/CreateAction';
import { ResponsiveList } from '../common/ResponsiveList';
import { PauseChip, usePauseText } from './PauseControl';
import { EnabledCell, NotificationCell, PositionCell } from './RestaurantCells';
import { RESTAURANT_CREATE_PATH, restaurantEditPath } from './paths';

const showDisabled = <BooleanInput key="showDisabled" source="showDisabled" label="resources.restaurants.showDisabled" alwaysOn />;

/**
 * /restaurants/{cityId?}: an admin picks a city (or all), the others see their own city; the
 * server sorts by recent orders, position and name. Enabled and position change in place.
 */
export const RestaurantList = () => {
  const city = useCityListProps({ allowAll: true });
  const pauseText = usePauseText();
  // An admin sent to /restaurants/{cityId} (from a city's setup checklist) starts with that city picked.
  const { cityId: inPath } = useParams();
  const linked = inPath !== undefined && /^\d{1,9}$/.test(inPath) ? { cityId: Number(inPath) } : undefined;
  if (!city.ready) return <Loading />;
  return (
    <List
      key={inPath}
      resource="restaurants"
      filters={[...(city.filters ?? []), showDisabled]}
      filter={city.filter}
      filterDefaultValues={city.filters && linked ? linked : city.filterDefaultValues}
      actions={<CreateAction to={RESTAURANT_CREATE_PATH} />}
      sort={{ field: '', order: 'ASC' }}
      empty={false}
      perPage={50}
      disableSyncWithLocation
    >
      <ResponsiveList<Restaurant>
        primary={(r) => r.name}
        secondary={(r) => [r.name_ru, r.enabled ? null : '⏸', pauseText(r), `${r.recentOrdersCount}`].filter(Boolean).join(' · ')}
        linkTo={(r) => restaurantEditPath(r.id)}
        table={
          <Datagrid rowClick={(id) => restaurantEditPath(id)} bulkActionButtons={false}>
            <TextField source="name" sortable={false} />
            <TextField source="name_ru" sortable={false} />
            <FunctionField source="enabled" sortable={false} render={() => <EnabledCell />} />
            <FunctionField<Restaurant>
              source="paused"
              label="resources.restaurants.pause.column"
              sortable={false}
              render={(r) => <PauseChip pause={r} />}
            />
            <FunctionField source="position" sortable={false} render={() => <PositionCell />} />
            <NumberField source="recentOrdersCount" sortable={false} />
            <NumberField source="minOrderSum" sortable={false} />
            <TextField source="deliveryTime" sortable={false} />
            <FunctionField source="notificationUser" sortable={false} render={() => <NotificationCell />} />
          </Datagrid>
        }
      />
    </List>
  );
};
