import type { AuditLabels } from '../../domain';

/**
 * The trail's column labels, gathered from every resource's `auditLabels.ts` by folder: each
 * resource names its own tables' columns by its form's labels, and nothing lists them here.
 */
const modules = import.meta.glob<AuditLabels>('../*/auditLabels.ts', { eager: true, import: 'default' });

export const mergeAuditLabels = (parts: readonly AuditLabels[]): AuditLabels => {
  const merged = new Map<string, Record<string, string>>();
  for (const part of parts) {
    for (const [entity, columns] of Object.entries(part)) merged.set(entity, { ...merged.get(entity), ...columns });
  }
  return Object.fromEntries(merged);
};

export const AUDIT_LABELS: AuditLabels = mergeAuditLabels(Object.values(modules));
