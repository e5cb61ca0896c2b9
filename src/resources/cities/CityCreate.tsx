import { useRedirect } from 'react-admin';
import { CityForm } from './CityForm';
import { cityEditPath } from './paths';
import { useCitySaved } from './useCitySaved';
import { RecordCreate } from '../common/RecordScreens';

/** /city/: a new city with its config, then its edit page. */
export const CityCreate = () => {
  const saved = useCitySaved();
  const redirect = useRedirect();
  return (
    <RecordCreate
      resource="cities"
      mutationOptions={{
        onSuccess: (data: { id: number }) => {
          saved();
          redirect(cityEditPath(data.id));
        },
      }}
    >
      <CityForm isNew />
    </RecordCreate>
  );
};
