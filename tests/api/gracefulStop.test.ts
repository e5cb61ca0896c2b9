import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { Role, type LoginResponse } from '../../src/domain';
import { backends, createStaff, type Backend } from './harness';
import { killStartedServers, startServerProcess, untilReady, type ServerProcess } from './serverProcess';

const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  killStartedServers();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A database with one admin (`admin` / `secret`), and the environment that points the server at it. */
async function prepareDatabase(backend: Backend): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'backoffice-stop-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  if (backend === 'pglite') {
    cpSync(inject('pgliteTemplate'), join(dataDir, 'db'), { recursive: true });
    const db = openDatabase({ dataDir: join(dataDir, 'db') });
    await createStaff(db, { username: 'admin', roleId: Role.ADMIN });
    await db.destroy();
    return { DATA_DIR: dataDir };
  }
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `backoffice_stop_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = openDatabase({ databaseUrl: url.toString() });
  await migrateToLatest(db);
  await createStaff(db, { username: 'admin', roleId: Role.ADMIN });
  await db.destroy();
  return { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
}

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess(env);
  await untilReady(server);
  return server;
}

const BODY = JSON.stringify({ username: 'admin', password: 'secret' });

/** A login whose body arrives slowly (a client on a slow link): under way until `finish` sends the rest. */
function slowLogin(port: number): { finish: () => void; answer: Promise<{ status: number; body: string }> } {
  const socket: Socket = connect(port, '127.0.0.1');
  socket.write(
    `POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(BODY)}\r\n\r\n` +
      BODY.slice(0, 10),
  );
  let raw = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (raw += chunk));
  const answer = new Promise<{ status: number; body: string }>((done, fail) => {
    socket.on('error', fail);
    socket.on('close', () => done({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0), body: raw.split('\r\n\r\n')[1] ?? '' }));
  });
  return { finish: () => socket.write(BODY.slice(10)), answer };
}

/** A live stream, read raw: what the server wrote, and when it ended. */
function liveStream(port: number, token: string): Promise<{ text: () => string; ended: Promise<void> }> {
  return new Promise((done, fail) => {
    const request = http.get(`http://127.0.0.1:${port}/api/events`, { headers: { authorization: `Bearer ${token}` } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      const ended = new Promise<void>((end) => response.on('close', end));
      if (response.statusCode !== 200) fail(new Error(`stream answered ${response.statusCode}`));
      done({ text: () => text, ended });
    });
    request.on('error', fail);
  });
}

/** Whether a new TCP connection is refused. */
const refused = (port: number): Promise<boolean> =>
  new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(false);
    });
    socket.once('error', () => done(true));
  });

const within = <T>(promise: Promise<T>, ms: number): Promise<T | 'timed out'> =>
  Promise.race([promise, new Promise<'timed out'>((r) => setTimeout(() => r('timed out'), ms))]);

/** SIGTERM (a deploy) to the real server: refuse new connections, finish what is under way, tell streams to reconnect, exit 0. */
describe.each(backends)('a graceful stop on %s', (backend) => {
  it(
    'finishes the request under way, ends the live stream with a retry hint, refuses new connections and exits 0',
    { timeout: 120_000 },
    async () => {
      const server = await startServer(await prepareDatabase(backend));
      const login = (await (
        await fetch(`http://127.0.0.1:${server.port}/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: BODY,
        })
      ).json()) as LoginResponse;
      const stream = await liveStream(server.port, login.jwtToken);
      const slow = slowLogin(server.port);
      await new Promise((r) => setTimeout(r, 200));

      server.child.kill('SIGTERM');
      expect(await within(stream.ended, 5000)).not.toBe('timed out');
      expect(stream.text()).toMatch(/retry: 3000\nevent: closing\ndata: \{"reason":"restarting"\}\n\n$/);
      const deadline = Date.now() + 5000;
      while (!(await refused(server.port)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await refused(server.port)).toBe(true);
      // Still under way: the server waits for it.
      expect(server.child.exitCode).toBeNull();

      slow.finish();
      const answer = await slow.answer;
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toHaveProperty('jwtToken');
      expect(await within(server.exited, 10_000), server.output()).toBe(0);
      expect(server.output()).toContain('stopped');
    },
  );

  it('exits 1 at once on a second signal', { timeout: 120_000 }, async () => {
    const server = await startServer(await prepareDatabase(backend));
    const held = slowLogin(server.port);
    await new Promise((r) => setTimeout(r, 200));
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    // Waiting for the login under way.
    expect(server.child.exitCode).toBeNull();
    server.child.kill('SIGTERM');
    expect(await within(server.exited, 5000), server.output()).toBe(1);
    expect(server.output()).toContain('second SIGTERM');
    await held.answer.catch(() => undefined);
  });

  it('exits 1 after SHUTDOWN_TIMEOUT when a request never ends', { timeout: 120_000 }, async () => {
    const server = await startServer({ ...(await prepareDatabase(backend)), SHUTDOWN_TIMEOUT: '1' });
    const stuck = slowLogin(server.port);
    await new Promise((r) => setTimeout(r, 200));
    server.child.kill('SIGTERM');
    expect(await within(server.exited, 5000), server.output()).toBe(1);
    expect(server.output()).toContain('not done after 1000 ms');
    await stuck.answer.catch(() => undefined);
  });
});
