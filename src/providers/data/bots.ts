import type { GetListParams, RaRecord } from 'react-admin';
import { botSchema } from '../../domain';
import { getJson, listResult, restResource, schemaFields, type ResourceHandlers } from '../rest';

/** Bots: the list answers masked tokens, one bot in full; the body is the token and the city. */
export const bots = restResource({
  list: () => '/bots',
  serverPaging: true,
  many: '/bots',
  one: (id) => `/bots/${id}`,
  create: '/bots',
  fields: schemaFields(botSchema),
});

/**
 * The cities a bot may be attached to, for the bot form's city select: those without a bot,
 * plus, with `filter.botId`, the city of that bot.
 */
export const citiesForBots: ResourceHandlers = {
  async getList(_resource: string, params: GetListParams) {
    const { botId } = (params.filter ?? {}) as { botId?: unknown };
    const url = botId === undefined || botId === null || botId === '' ? '/cities/for_bots' : `/cities/for_bots/${String(botId)}`;
    return listResult(await getJson<RaRecord[]>(url), params, ['botId']);
  },
} as ResourceHandlers;
