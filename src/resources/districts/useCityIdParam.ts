import { useParams } from 'react-router-dom';

/** The city in the path, or null when the path does not name one. */
export function useCityIdParam(): number | null {
  const { cityId } = useParams();
  const id = cityId !== undefined && /^\d{1,9}$/.test(cityId) ? Number(cityId) : 0;
  return id > 0 ? id : null;
}
