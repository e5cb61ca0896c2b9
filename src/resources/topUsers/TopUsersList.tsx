import { Link, useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, FunctionField, List, Loading, NumberField, SimpleList, TextField, useListContext, useTranslate } from 'react-admin';
import { defaultTopUsersStart, TOP_USERS_DEFAULT_PER_PAGE, type TopUser } from '../../domain';
import { useCityListProps } from '../common/CityInputs';
import { DateInput } from '../common/DateInput';
import { useSession } from '../common/useSession';
import { localToday } from '../stats/statsQuery';
import { CustomerAvatar } from './CustomerAvatar';

/** The messenger username as a link to the customer's chat, or nothing when they have none. */
const UsernameLink = ({ username }: { username: string | null }) => {
  const translate = useTranslate();
  if (!username) return null;
  return (
    <Link
      href={`https://t.me/${encodeURIComponent(username)}`}
      target="_blank"
      rel="noreferrer"
      aria-label={translate('resources.topUsers.openChat', { username: `@${username}` })}
      onClick={(event) => event.stopPropagation()}
    >
      @{username}
    </Link>
  );
};

/** The rows: a table on wide screens, a list with the photo on phones. */
const TopUsersRows = () => {
  const translate = useTranslate();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { allCities, cityId: ownCity } = useSession();
  const { filterValues } = useListContext();
  const chosen = Number(filterValues.cityId);
  const cityId = allCities ? (Number.isInteger(chosen) && chosen > 0 ? chosen : null) : ownCity;
  const avatar = (user: TopUser) => <CustomerAvatar name={user.name} photo={user.photo} cityId={cityId} />;
  if (narrow) {
    return (
      <SimpleList<TopUser>
        leftAvatar={avatar}
        primaryText={(user) => user.name}
        secondaryText={(user) => (
          <>
            <UsernameLink username={user.username} /> {translate('resources.topUsers.orders', { smart_count: user.ordersAmount })}
          </>
        )}
        rowClick={false}
      />
    );
  }
  return (
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <FunctionField<TopUser> source="photo" sortable={false} render={avatar} />
      <TextField source="name" sortable={false} />
      <FunctionField<TopUser> source="username" sortable={false} render={(user) => <UsernameLink username={user.username} />} />
      <NumberField source="ordersAmount" sortable={false} />
    </Datagrid>
  );
};

/**
 * /users/top (spec sections 2 and 9): the customers of a city by their orders at CONFIRMED or
 * above since a start date (7 days back to start with), most first, ranked and paged by the
 * server. An admin picks the city (the first one to start with), a city admin sees their own.
 */
export const TopUsersList = () => {
  const translate = useTranslate();
  const city = useCityListProps();
  if (!city.ready) return <Loading />;
  return (
    <List
      resource="topUsers"
      title={translate('resources.topUsers.name', { smart_count: 2 })}
      filters={[
        ...(city.filters ?? []),
        <DateInput key="startDate" source="startDate" label="resources.topUsers.fields.startDate" alwaysOn />,
      ]}
      filter={city.filter}
      filterDefaultValues={{ ...city.filterDefaultValues, startDate: defaultTopUsersStart(localToday()) }}
      storeKey="topUsers.list"
      perPage={TOP_USERS_DEFAULT_PER_PAGE}
      actions={false}
      exporter={false}
      empty={false}
    >
      <TopUsersRows />
    </List>
  );
};
