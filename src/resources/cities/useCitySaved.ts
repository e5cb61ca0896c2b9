import { useTitledNotify } from '../common/notify';

/** The toast after a city is saved: 'City was saved/updated', titled 'Saved'. */
export const useCitySaved = () => {
  const notify = useTitledNotify();
  return () => notify('success', 'resources.cities.saved.title', 'resources.cities.saved.message');
};
