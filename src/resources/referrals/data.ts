import type { CreateParams, CreateResult, DeleteParams, DeleteResult, GetListParams, GetListResult, RaRecord } from 'react-admin';
import { referralLinkSchema } from '../../domain';
import { listResult, pick, schemaFields, type ResourceHandlers } from '../../providers/rest';
import { createReferralLink, deleteReferralLink, fetchReferralLinks } from './referralGraphql';

const FIELDS = schemaFields(referralLinkSchema);

/** The city a list asks for: the admin's pick (none: every city), a city admin's own. */
const cityOf = (filter: Record<string, unknown>): number | null => {
  const cityId = Number(filter.cityId);
  return Number.isInteger(cityId) && cityId > 0 ? cityId : null;
};

/**
 * Referral links through the GraphQL operations of spec section 7: the list is answered whole
 * (a city's links are few) and sorted and paged here; create and delete are the mutations.
 */
export const referrals: ResourceHandlers = {
  async getList<T extends RaRecord>(_resource: string, params: GetListParams): Promise<GetListResult<T>> {
    return listResult(await fetchReferralLinks<T>(cityOf(params.filter ?? {})), params, ['cityId']);
  },
  async create<T extends RaRecord>(_resource: string, params: CreateParams): Promise<CreateResult<T>> {
    return { data: await createReferralLink<T>(pick(params.data, FIELDS)) };
  },
  async delete<T extends RaRecord>(_resource: string, params: DeleteParams<T>): Promise<DeleteResult<T>> {
    // The list's delete button hands the row it deletes; the mutation answers only true.
    if (!params.previousData) throw new Error('Deleting a referral link needs the link');
    await deleteReferralLink(Number(params.id));
    return { data: params.previousData };
  },
};
