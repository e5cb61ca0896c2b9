import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from './harness';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer?: string }[];
}

/**
 * The published document as a tool nobody on this project wrote reads it: redocly's CLI with
 * the repository's redocly.yaml (its recommended rules). Its exit code is not the verdict;
 * the problems it lists are, so that a failure names them.
 */
describe('the published contract, linted by redocly', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    t = await openTestApp('pglite');
    dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  it('has no error and no warning under the recommended rules', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const file = join(dir, 'openapi.json');
    writeFileSync(file, response.body);
    const cli = join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
    const args = [cli, 'lint', file, '--config', join(ROOT, 'redocly.yaml'), '--format=json', '--max-problems=1000'];
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
    const output = await run(process.execPath, args, { cwd: dir, env, maxBuffer: 32 * 1024 * 1024 }).catch(
      (failed: { stdout?: string; stderr?: string }) => ({ stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' }),
    );
    const report = JSON.parse(output.stdout || '{}') as { problems?: LintProblem[] };
    expect(report.problems, output.stderr).toBeDefined();
    const problems = (report.problems ?? []).map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
    expect(problems).toEqual([]);
  }, 60_000);
});
