import { API_PATHS, audienceQueryParams, type MailingAudience, type MailingTestInput } from '../../domain';
import { apiFetch } from '../../providers/httpClient';
import { api, sendJson } from '../../providers/rest';

const P = API_PATHS.mailings;

/**
 * GET /users/count: how many customers of the city a mailing would reach, active since the
 * instant given and narrowed by the filters; `signal` drops a count the user has moved on from.
 */
export const fetchRecipientCount = async (
  cityId: number,
  lastActiveDate: string | null,
  audience: MailingAudience,
  signal?: AbortSignal,
): Promise<number> => {
  const query = new URLSearchParams({ cityId: String(cityId), ...audienceQueryParams(audience) });
  if (lastActiveDate) query.set('lastActiveDate', lastActiveDate);
  return (await apiFetch<number>(api(`${P.recipientCount}?${query.toString()}`), { signal })).json;
};

/** POST /spam/sendTestMessage: the message to one recipient, now. */
export const sendTestMessage = (body: MailingTestInput): Promise<{ messageId: string }> =>
  sendJson<{ messageId: string }>('POST', P.test, body);
