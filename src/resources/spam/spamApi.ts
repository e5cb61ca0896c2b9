import { API_PATHS, type MailingTestInput } from '../../domain';
import { getJson, sendJson } from '../../providers/rest';

const P = API_PATHS.mailings;

/** GET /users/count: how many customers of the city a mailing would reach, active since the instant given. */
export const fetchRecipientCount = (cityId: number, lastActiveDate: string | null): Promise<number> => {
  const query = new URLSearchParams({ cityId: String(cityId) });
  if (lastActiveDate) query.set('lastActiveDate', lastActiveDate);
  return getJson<number>(`${P.recipientCount}?${query.toString()}`);
};

/** POST /spam/sendTestMessage: the message to one recipient, now. */
export const sendTestMessage = (body: MailingTestInput): Promise<{ messageId: string }> =>
  sendJson<{ messageId: string }>('POST', P.test, body);
