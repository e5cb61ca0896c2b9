import { CreateButton, TopToolbar, useCanAccess, useResourceContext } from 'react-admin';

/** The add button of a list, shown only to roles that may create there. */
export const CreateAction = ({ to }: { to: string | null }) => {
  const resource = useResourceContext();
  const { canAccess } = useCanAccess({ resource, action: 'create' });
  return <TopToolbar>{canAccess && to ? <CreateButton to={to} /> : null}</TopToolbar>;
};
