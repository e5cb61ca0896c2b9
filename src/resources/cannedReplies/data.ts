import { API_PATHS, cannedReplySchema, fillPath } from '../../domain';
import { restResource, schemaFields } from '../../providers/rest';

const P = API_PATHS.cannedReplies;

/** Canned replies: one city's when a city is chosen, otherwise every reply the user may see. */
export const cannedReplies = restResource({
  list: ({ cityId }) => (cityId ? `${P.list}?cityId=${encodeURIComponent(String(cityId))}` : P.list),
  listFilters: ['cityId'],
  serverPaging: true,
  many: P.list,
  one: (id) => fillPath(P.one, { id: String(id) }),
  create: P.create,
  fields: schemaFields(cannedReplySchema),
  updateFields: schemaFields(cannedReplySchema, ['cityId']),
});
