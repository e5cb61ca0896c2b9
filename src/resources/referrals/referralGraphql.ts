import type { Variables } from 'graphql-request';
import type { RaRecord } from 'react-admin';
import type { ReferralLink } from '../../domain';

/**
 * The GraphQL operations of referral links (spec section 7, server/graphql/referrals.ts). The
 * client is loaded with the first of them, so only this screen and the order screens carry it.
 */
const run = async <T>(document: string, variables: Variables): Promise<T> =>
  (await import('../../providers/graphqlClient')).graphqlRequest<T>(document, variables);

const LINK_FIELDS = 'id code count limit referralLink options { categoryId restaurantId } validUntil cityId';

/** An admin's links of every city (or of `cityId`); a city admin's of their city. */
export const fetchReferralLinks = async <T extends RaRecord = ReferralLink>(cityId: number | null): Promise<T[]> =>
  (
    await run<{ getReferralLinks: T[] }>(`query ReferralLinks($cityId: Int) { getReferralLinks(cityId: $cityId) { ${LINK_FIELDS} } }`, {
      cityId,
    })
  ).getReferralLinks;

/** The input as the form holds it; the server checks every rule again. */
export const createReferralLink = async <T extends RaRecord = ReferralLink>(referralLink: Record<string, unknown>): Promise<T> =>
  (
    await run<{ createReferralLink: T }>(
      `mutation CreateReferralLink($referralLink: ReferralLinkInput!) { createReferralLink(referralLink: $referralLink) { ${LINK_FIELDS} } }`,
      { referralLink },
    )
  ).createReferralLink;

export const deleteReferralLink = async (id: number): Promise<boolean> =>
  (await run<{ deleteReferralLink: boolean }>('mutation DeleteReferralLink($id: Int!) { deleteReferralLink(id: $id) }', { id }))
    .deleteReferralLink;
