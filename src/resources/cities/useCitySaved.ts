import { useQueryClient } from '@tanstack/react-query';
import { useTitledNotify } from '../common/notify';
import { CITY_SETUP_QUERY } from './setupApi';

/** The toast after a city is saved: 'City was saved/updated', titled 'Saved'; the setup checklist is read again. */
export const useCitySaved = () => {
  const notify = useTitledNotify();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: [CITY_SETUP_QUERY] });
    notify('success', 'resources.cities.saved.title', 'resources.cities.saved.message');
  };
};
