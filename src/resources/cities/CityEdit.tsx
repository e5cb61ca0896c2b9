import { Create, Edit, useGetOne, useRedirect, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useTitledNotify } from '../common/notify';
import { OtherCity, useWorksInCity } from '../common/OtherCity';
import { useSession } from '../common/useSession';
import { CityConfigForm, CityForm } from './CityForm';
import { cityEditPath } from './paths';
import { useCityName, type NamedCity } from './useCityName';

const useSaved = () => {
  const notify = useTitledNotify();
  return () => notify('success', 'resources.cities.saved.title', 'resources.cities.saved.message');
};

/** The screen's title with the city's name in the interface language. */
const CityTitle = ({ id, title }: { id: number; title: string }) => {
  const translate = useTranslate();
  const cityName = useCityName();
  const { data } = useGetOne<NamedCity & { id: number }>('cities', { id });
  return <>{translate(title, { city: cityName(data) })}</>;
};

/** /city/{id}: the full form for admins and city admins, the reduced one for operators; another city's page says whose it is. */
export const CityEdit = () => {
  const { id } = useParams();
  const cityId = id !== undefined && /^\d{1,9}$/.test(id) ? Number(id) : null;
  const session = useSession();
  const saved = useSaved();
  const works = useWorksInCity(cityId);
  if (works === null || cityId === null) return null;
  if (!works) return <OtherCity />;
  if (!session.can('cities', 'edit')) {
    return (
      <Edit
        resource="cityConfig"
        id={cityId}
        title={<CityTitle id={cityId} title="resources.cities.configTitle" />}
        mutationMode="pessimistic"
        redirect={false}
        mutationOptions={{ onSuccess: saved }}
      >
        <CityConfigForm />
      </Edit>
    );
  }
  return (
    <Edit
      resource="cities"
      id={cityId}
      title={<CityTitle id={cityId} title="resources.cities.editTitle" />}
      mutationMode="pessimistic"
      redirect={false}
      mutationOptions={{ onSuccess: saved }}
    >
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
      <CityForm isNew />
    </Create>
  );
};
