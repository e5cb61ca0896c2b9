import { BooleanInput, Datagrid, FunctionField, List, Loading, NumberField, TextField } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { Restaurant } from '../../domain';
import { useCityListProps } from '../common/CityInputs';
import { CreateAction } from '../common/CreateAction';
import { ResponsiveList } from '../common/ResponsiveList';
import { useFormat } from '../common/useFormat';
import { useSession } from '../common/useSession';
import { useCityName } from '../cities/useCityName';
import { PauseChip, usePauseText } from './PauseControl';
import { EnabledCell, NotificationCell, PositionCell } from './RestaurantCells';
import { RESTAURANT_CREATE_PATH, restaurantEditPath } from './paths';

const showDisabled = <BooleanInput key="showDisabled" source="showDisabled" label="resources.restaurants.showDisabled" alwaysOn />;

/**
 * /restaurants/{cityId?}: an admin picks a city (or all), the others see their own city; the
 * server sorts by recent orders, position and name. Enabled and position change in place.
 * Cities have their own currencies, so sums carry theirs; an admin, who may list every city at
 * once, also sees each restaurant's city.
 */
export const RestaurantList = () => {
  const city = useCityListProps({ allowAll: true });
  const pauseText = usePauseText();
  // An admin sent to /restaurants/{cityId} (from a city's setup checklist) starts with that city picked.
  const { cityId: inPath } = useParams();
  const linked = inPath !== undefined && /^\d{1,9}$/.test(inPath) ? { cityId: Number(inPath) } : undefined;
  const { allCities } = useSession();
  const cityName = useCityName();
  const { money } = useFormat();
  const minOrder = (r: Restaurant) => money(r.minOrderSum, r.city.currency);
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
        secondary={(r) =>
          [allCities ? cityName(r.city) : null, r.name_ru, r.enabled ? null : '⏸', pauseText(r), `${r.recentOrdersCount}`, minOrder(r)]
            .filter(Boolean)
            .join(' · ')
        }
        linkTo={(r) => restaurantEditPath(r.id)}
        table={
          <Datagrid rowClick={(id) => restaurantEditPath(id)} bulkActionButtons={false}>
            <TextField source="name" sortable={false} />
            <TextField source="name_ru" sortable={false} />
            {allCities ? <FunctionField<Restaurant> source="cityId" sortable={false} render={(r) => cityName(r.city)} /> : null}
            <FunctionField source="enabled" sortable={false} render={() => <EnabledCell />} />
            <FunctionField<Restaurant>
              source="paused"
              label="resources.restaurants.pause.column"
              sortable={false}
              render={(r) => <PauseChip pause={r} />}
            />
            <FunctionField source="position" sortable={false} render={() => <PositionCell />} />
            <NumberField source="recentOrdersCount" sortable={false} />
            <FunctionField<Restaurant> source="minOrderSum" sortable={false} render={minOrder} />
            <TextField source="deliveryTime" sortable={false} />
            <FunctionField source="notificationUser" sortable={false} render={() => <NotificationCell />} />
          </Datagrid>
        }
      />
    </List>
  );
};
