import { useMutation, useQuery, type QueryKey, type UseMutationOptions, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';

/**
 * react-query for the screens' own calls outside react-admin's dataProvider (the ads' timeout
 * and chat, the audit filters' actors; and as mutations, the order chat's sends, the order
 * export, the language texts): like react-admin's data hooks, an answer of 401 goes through
 * the authProvider's checkError, which clears the session and leads to /login.
 */
export function useApiQuery<T>(options: UseQueryOptions<T, Error, T, QueryKey>) {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const result = useQuery(options);
  const { error } = result;
  useEffect(() => {
    if (error) void logoutIfAccessDenied(error);
  }, [error, logoutIfAccessDenied]);
  return result;
}

export function useApiMutation<T, V>(options: UseMutationOptions<T, Error, V>) {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useMutation<T, Error, V>({
    ...options,
    onError: (error, variables, result, context) => {
      void logoutIfAccessDenied(error);
      options.onError?.(error, variables, result, context);
    },
  });
}
