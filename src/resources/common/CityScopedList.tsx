import type { ReactElement, ReactNode } from 'react';
import { CreateButton, List, Loading, TopToolbar, useCanAccess, useResourceContext, type SortPayload } from 'react-admin';
import { useCityListProps } from './CityInputs';

/** The add button of a list, shown only to roles that may create there. */
export const CreateAction = ({ to }: { to: string | null }) => {
  const resource = useResourceContext();
  const { canAccess } = useCanAccess({ resource, action: 'create' });
  return <TopToolbar>{canAccess && to ? <CreateButton to={to} /> : null}</TopToolbar>;
};

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
