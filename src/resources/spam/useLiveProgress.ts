import { useQueryClient } from '@tanstack/react-query';
import type { GetListResult } from 'react-admin';
import type { LiveEvent, Mailing } from '../../domain';
import { useLiveEvent } from '../../providers/liveEventsHooks';

/** A mailing as the event says it stands now; never backwards (an event may come after a fresher list). */
export const withProgress = (mailing: Mailing, event: LiveEvent): Mailing =>
  event.mailingId !== mailing.id
    ? mailing
    : {
        ...mailing,
        position: Math.max(mailing.position, event.position ?? mailing.position),
        count: event.count ?? mailing.count,
        status: event.status ?? mailing.status,
      };

/**
 * The progress bars of the mailings shown move with each mailing.progress event, straight in
 * react-admin's cached list (the layout's live refresh also asks the list again, less often,
 * for what the event does not carry: blocked and undelivered counts, the reason of a failure).
 */
export function useLiveProgress(): void {
  const queryClient = useQueryClient();
  useLiveEvent(['mailing.progress'], (event) => {
    queryClient.setQueriesData<GetListResult<Mailing>>({ queryKey: ['spam', 'getList'] }, (list) =>
      list ? { ...list, data: list.data.map((mailing) => withProgress(mailing, event)) } : list,
    );
  });
}
