import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { AUDIT_ENTITIES, LOCALES } from '../../src/domain';
import auditMessages from '../../src/resources/audit/messages';
import { backends, useStaffApp } from './harness';

/**
 * The audited tables are named three times: the audit trigger in the migrations, the entities
 * of the trail's filter (src/domain/audit.ts) and their labels in every language. Forgetting
 * one of the three would leave a table unrecorded, unfilterable or unnamed: this fails instead.
 */
describe.each(backends)('the audited tables on %s', (backend) => {
  const t = useStaffApp(backend);

  it('are those carrying the audit trigger in the migrated database, each with a label in every language', async () => {
    const { rows } = await sql<{ table: string }>`
      SELECT DISTINCT c.relname AS table
      FROM pg_trigger t
      JOIN pg_class c ON c.oid = t.tgrelid
      JOIN pg_proc p ON p.oid = t.tgfoid
      WHERE p.proname = 'audit_change' AND NOT t.tgisinternal`.execute(t.db);
    const triggered = rows.map((row) => row.table).sort();
    expect(triggered.length).toBeGreaterThan(0);
    expect(triggered).toEqual([...AUDIT_ENTITIES].sort());
    for (const locale of LOCALES) {
      const labels = auditMessages[locale].entities;
      expect(Object.keys(labels).sort(), locale).toEqual([...AUDIT_ENTITIES].sort());
      for (const [entity, label] of Object.entries(labels)) expect(label.trim(), `${locale} ${entity}`).not.toBe('');
    }
  });
});
