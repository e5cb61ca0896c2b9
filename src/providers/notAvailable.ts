import { QueryClient } from '@tanstack/react-query';
import { HttpError } from 'react-admin';

/**
 * The API answers a row outside the user's scope (another city's, another restaurant's) with
 * 404, as if it did not exist, and a call the role may not make with 403: either way the
 * screen that asked is not the user's.
 */
export const isNotAvailableError = (error: unknown): boolean =>
  error instanceof HttpError && (error.status === 403 || error.status === 404);

/** The reads a screen is built on: its record, its list, the parts of its record. */
const SCREEN_READS = ['getOne', 'getList', 'getManyReference'] as const;

const RETRIES = 3;

/**
 * react-admin's query cache, where a screen's read answered 403 or 404 is thrown to the screen's
 * boundary (src/resources/common/routes.tsx) while it renders: the screen's own error handling
 * (react-admin's "Element does not exist" toast and redirect, an error line) never runs, and
 * the Not-available page takes its place. Only the dataProvider's reads of the resources are
 * concerned (their keys start with the resource and the verb); a refusal is not retried.
 */
export function createQueryClient(resources: readonly { data: Readonly<Record<string, unknown>> }[]): QueryClient {
  const client = new QueryClient();
  const names = new Set(resources.flatMap(({ data }) => Object.keys(data)));
  for (const name of names) {
    for (const verb of SCREEN_READS) {
      client.setQueryDefaults([name, verb], {
        throwOnError: (error) => isNotAvailableError(error),
        retry: (failures, error) => !isNotAvailableError(error) && failures < RETRIES,
      });
    }
  }
  return client;
}
