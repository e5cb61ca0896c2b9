import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * Who a request acts for, wherever its code reaches the database: every request runs in its
 * own store, which authentication fills in with the user's id. The database driver reads it
 * when it hands out a connection (./actorDriver.ts), so the audit trigger of migration 014 knows
 * the actor of every change without a route passing it along.
 */
interface ActorStore {
  actorId: number | null;
  /** Closed once the response has gone: work a request left behind acts for nobody. */
  open: boolean;
}

const storage = new AsyncLocalStorage<ActorStore>();

/** onRequest hook (callback style, so that the hooks and the handler after it run inside the store). */
export function openActorContext(_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const store: ActorStore = { actorId: null, open: true };
  const close = () => {
    store.open = false;
  };
  reply.raw.once('finish', close);
  reply.raw.once('close', close);
  storage.run(store, done);
}

/** The authenticated user of the current request acts from now on. */
export function actAs(userId: number): void {
  const store = storage.getStore();
  if (store) store.actorId = userId;
}

/** The value of `app.actor` for the current code: the request's user id, or '' for nobody. */
export function currentActor(): string {
  const store = storage.getStore();
  return store?.open && store.actorId !== null ? String(store.actorId) : '';
}

/**
 * A callback that starts background work (waking the event worker) from inside a request: the
 * work it starts must not act for the request's user, nor keep the request's store alive.
 */
export const outsideRequest =
  <A extends unknown[]>(callback: (...args: A) => void) =>
  (...args: A): void =>
    storage.exit(() => callback(...args));
