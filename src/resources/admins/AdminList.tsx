import { Datagrid, FunctionField, List, Loading, TextField, useTranslate } from 'react-admin';
import { isRoleId, roleKey, type StaffAccount } from '../../domain';
import { useCityName } from '../cities/useCityName';
import { CreateAction } from '../common/CreateAction';
import { ResponsiveList } from '../common/ResponsiveList';
import { useFormat } from '../common/useFormat';
import { useSession } from '../common/useSession';
import { useAdminFilters } from './adminFilters';
import { ADMIN_CREATE_PATH, adminEditPath } from './paths';

/**
 * /admins: the accounts the user manages (admins every one; city admins their city's owners,
 * operators and couriers, without the city column; operators their city's couriers), sorted,
 * filtered and paged by the server.
 */
export const AdminList = () => {
  const translate = useTranslate();
  const format = useFormat();
  const cityName = useCityName();
  const { allCities } = useSession();
  const filters = useAdminFilters();
  if (filters === null) return <Loading />;
  const role = (account: StaffAccount) => (isRoleId(account.roleId) ? translate(`roles.${roleKey(account.roleId)}`) : '');
  const restaurant = (account: StaffAccount) => (account.restaurant ? format.name(account.restaurant) : '');
  return (
    <List
      resource="admins"
      filters={filters}
      actions={<CreateAction to={ADMIN_CREATE_PATH} />}
      sort={{ field: 'username', order: 'ASC' }}
      empty={false}
      perPage={25}
    >
      <ResponsiveList<StaffAccount>
        primary={(account) => account.username}
        secondary={(account) =>
          [role(account), allCities && account.city ? cityName(account.city) : '', restaurant(account)].filter(Boolean).join(' · ')
        }
        linkTo={(account) => adminEditPath(account.id)}
        table={
          <Datagrid rowClick={(id) => adminEditPath(id)} bulkActionButtons={false}>
            <TextField source="username" />
            <FunctionField<StaffAccount> source="roleId" render={role} />
            {allCities ? (
              <FunctionField<StaffAccount> source="cityId" render={(account) => (account.city ? cityName(account.city) : '')} />
            ) : null}
            <FunctionField<StaffAccount> source="restaurantId" render={restaurant} />
            <TextField source="telegramId" />
          </Datagrid>
        }
      />
    </List>
  );
};
