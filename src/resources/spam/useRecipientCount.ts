import { useQuery } from '@tanstack/react-query';
import { fetchRecipientCount } from './spamApi';

/** The customers a mailing of the city would reach now, since the instant given (null: all of them). */
export const useRecipientCount = (cityId: number, since: string | null) =>
  useQuery({
    queryKey: ['spam', 'recipientCount', cityId, since],
    queryFn: () => fetchRecipientCount(cityId, since),
  });
