import { useEffect, useState } from 'react';
import { useApiQuery } from '../common/useApiQuery';
import { fetchAdTimeout } from './adApi';

interface Answer {
  timeout: number;
  /** When the answer came, to count down from. */
  at: number;
}

const ask = async (): Promise<Answer> => ({ timeout: await fetchAdTimeout(), at: Date.now() });
const leftOf = (answer: Answer): number => Math.max(0, Math.ceil((answer.at + answer.timeout * 1000 - Date.now()) / 1000));

/**
 * The seconds until the user's restaurant may post its next ad (GET /advertisements/timeout),
 * counted down every second and asked again when they run out. Only owners wait: for the
 * others it is not asked and is 0.
 */
export function useAdTimeout(enabled: boolean) {
  const query = useApiQuery<Answer>({ queryKey: ['ads', 'timeout'], queryFn: ask, enabled });
  const { data, refetch } = query;
  const [shown, setShown] = useState<{ of: Answer | undefined; left: number }>({ of: undefined, left: 0 });
  if (shown.of !== data) setShown({ of: data, left: data?.timeout ?? 0 });

  useEffect(() => {
    if (!data || data.timeout === 0) return;
    const timer = setInterval(() => {
      const left = leftOf(data);
      setShown({ of: data, left });
      if (left === 0) {
        clearInterval(timer);
        void refetch();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [data, refetch]);

  return { pending: enabled && query.isPending, seconds: enabled ? shown.left : 0, refetch };
}
