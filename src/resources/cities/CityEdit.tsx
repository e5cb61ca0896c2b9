import { Create, Edit, useRedirect } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useTitledNotify } from '../common/notify';
import { useSession } from '../common/useSession';
import { CityConfigForm, CityForm } from './CityForm';
import { cityEditPath } from './paths';

const useSaved = () => {
  const notify = useTitledNotify();
  return () => notify('success', 'resources.cities.saved.title', 'resources.cities.saved.message');
};

/** /city/{id}: the full form for admins and city admins, the reduced one for operators. */
export const CityEdit = () => {
  const { id } = useParams();
  const session = useSession();
  const saved = useSaved();
  if (session.roleId === null || !id) return null;
  if (!session.can('cities', 'edit')) {
    return (
      <Edit resource="cityConfig" id={id} mutationMode="pessimistic" redirect={false} mutationOptions={{ onSuccess: saved }}>
        <CityConfigForm />
      </Edit>
    );
  }
  return (
    <Edit resource="cities" id={id} mutationMode="pessimistic" redirect={false} mutationOptions={{ onSuccess: saved }}>
      <CityForm />
    </Edit>
  );
};

/** /city/: a new city with its config, then its edit page. */
export const CityCreate = () => {
  const saved = useSaved();
  const redirect = useRedirect();
  return (
    <Create
      resource="cities"
      mutationOptions={{
        onSuccess: (data: { id: number }) => {
          saved();
          redirect(cityEditPath(data.id));
        },
      }}
    >
      <CityForm />
    </Create>
  );
};
