import type { ReactElement, ReactNode } from 'react';
import { List, Loading, type SortPayload } from 'react-admin';
import { useCityListProps } from './CityInputs';

/**
 * A list of one city's rows: an admin picks the city (or all cities with `allowAll`),
 * everyone else sees their own city. Tags, cuisines and districts share it.
 */
export const CityScopedList = ({
  allowAll = false,
  actions,
  sort,
  children,
}: {
  allowAll?: boolean;
  actions: ReactElement;
  sort: SortPayload;
  children: ReactNode;
}) => {
  const city = useCityListProps({ allowAll });
  if (!city.ready) return <Loading />;
  return (
    <List
      // The screen guard has read the session and the role's grant before this screen loads (and a
      // 401 still ends the session): the list asks for its rows at once instead of after two checks.
      disableAuthentication
      filters={city.filters}
      filter={city.filter}
      filterDefaultValues={city.filterDefaultValues}
      actions={actions}
      sort={sort}
      empty={false}
      perPage={50}
    >
      {children}
    </List>
  );
};
