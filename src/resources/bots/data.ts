import type { GetListParams, RaRecord } from 'react-admin';
import { API_PATHS, botSchema, fillPath } from '../../domain';
import { getJson, listResult, restResource, schemaFields, type ResourceHandlers } from '../../providers/rest';

const P = API_PATHS.bots;

/** Bots: the list answers masked tokens, one bot in full; the body is the token and the city. */
export const bots = restResource({
  list: () => P.list,
  serverPaging: true,
  many: P.list,
  one: (id) => fillPath(P.one, { id: String(id) }),
  create: P.create,
  fields: schemaFields(botSchema),
});

/**
 * The cities a bot may be attached to, for the bot form's city select: those without a bot,
 * plus, with `filter.botId`, the city of that bot.
 */
export const citiesForBots: ResourceHandlers = {
  async getList(_resource: string, params: GetListParams) {
    const { botId } = (params.filter ?? {}) as { botId?: unknown };
    const url = botId === undefined || botId === null || botId === '' ? P.freeCities : fillPath(P.freeCitiesFor, { botId: String(botId) });
    return listResult(await getJson<RaRecord[]>(url), params, ['botId']);
  },
} as ResourceHandlers;
