import type { ReactNode } from 'react';
import { Loading, useGetOne, useRecordContext, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { OtherCity, useWorksInCity } from '../common/OtherCity';
import { useSession } from '../common/useSession';
import { CityConfigForm, CityForm } from './CityForm';
import { CityOrderTimers } from './CityOrderTimers';
import { CitySetup } from './CitySetup';
import { FocusSetting } from './FocusSetting';
import { useCitySaved } from './useCitySaved';
import { useCityName, type NamedCity } from './useCityName';
import { RecordEdit } from '../common/RecordScreens';

/** The screen's title with the city's name in the interface language. */
const CityTitle = ({ id, title }: { id: number; title: string }) => {
  const translate = useTranslate();
  const cityName = useCityName();
  const { data } = useGetOne<NamedCity & { id: number }>('cities', { id });
  return <>{translate(title, { city: cityName(data) })}</>;
};

/**
 * The list leaves each city in react-admin's cache without its config; the form starts only
 * once the city is read whole, so nothing typed meanwhile is reset by the late config.
 */
const WithConfig = ({ children }: { children: ReactNode }) => {
  const record = useRecordContext<{ config?: unknown }>();
  return record?.config === undefined ? <Loading /> : children;
};

/** /city/{id}: the full form for admins and city admins, the reduced one for operators; another city's page says whose it is. */
export const CityEdit = () => {
  const { id } = useParams();
  const cityId = id !== undefined && /^\d{1,9}$/.test(id) ? Number(id) : null;
  const session = useSession();
  const saved = useCitySaved();
  const works = useWorksInCity(cityId);
  if (works === null || cityId === null) return null;
  if (!works) return <OtherCity />;
  // Operators edit only their city's delivery settings (the cityConfig resource); the others the whole city.
  const reduced = !session.can('cities', 'edit');
  return (
    <>
      {reduced ? null : <CitySetup cityId={cityId} />}
      <RecordEdit
        resource={reduced ? 'cityConfig' : 'cities'}
        id={cityId}
        title={<CityTitle id={cityId} title={reduced ? 'resources.cities.configTitle' : 'resources.cities.editTitle'} />}
        mutationMode="pessimistic"
        redirect={false}
        mutationOptions={{ onSuccess: saved }}
      >
        {reduced ? (
          <CityConfigForm />
        ) : (
          <WithConfig>
            <CityForm />
            <FocusSetting />
          </WithConfig>
        )}
      </RecordEdit>
      <CityOrderTimers cityId={cityId} />
    </>
  );
};
