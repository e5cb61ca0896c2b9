import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditAction, type AuditEntity } from '../../domain';
import { localDayBoundary } from '../orders/orderQuery';

/** How many records a page shows unless the user picks another size. */
export const AUDIT_DEFAULT_PER_PAGE = 25;

const positiveId = (value: unknown): number | null => {
  const n = typeof value === 'string' && value !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
};
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const isEntity = (value: unknown): value is AuditEntity => AUDIT_ENTITIES.some((entity) => entity === value);
const isAction = (value: unknown): value is AuditAction => AUDIT_ACTIONS.some((action) => action === value);

/**
 * The query of the trail for the filters of its screen: the user, the entity and one record
 * of it, the action, and the days as the user means them (from the start of `from` to the end
 * of `to` in their own time zone).
 */
export const auditQuery = (filter: Record<string, unknown>): URLSearchParams => {
  const query = new URLSearchParams();
  const actorId = positiveId(filter.actorId);
  if (actorId !== null) query.set('actorId', String(actorId));
  if (isEntity(filter.entity)) query.set('entity', filter.entity);
  const entityId = text(filter.entityId);
  if (entityId !== null) query.set('entityId', entityId);
  if (isAction(filter.action)) query.set('action', filter.action);
  const from = text(filter.from);
  const to = text(filter.to);
  if (from) query.set('from', localDayBoundary(from, false));
  if (to) query.set('to', localDayBoundary(to, true));
  return query;
};
