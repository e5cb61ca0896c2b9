import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** Creates and migrates one PGlite database; each test file works on a copy of it. */
export default async function setup(project: TestProject) {
  const root = mkdtempSync(join(tmpdir(), 'backoffice-template-'));
  const dir = join(root, 'db');
  const db = openDatabase({ dataDir: dir });
  await migrateToLatest(db);
  await db.destroy();
  project.provide('pgliteTemplate', dir);
  return () => rmSync(root, { recursive: true, force: true });
}
