import type { ServerResponse } from 'node:http';
import { finished } from 'node:stream/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIVE_EVENTS_PATH, LIVE_HEARTBEAT_SECONDS } from '../../../src/domain';
import { currentSession, currentUser } from '../../auth/authorize';
import { badRequest } from '../../errors';
import { LiveHub } from '../../live/liveHub';
import type { RouteDeps } from '../deps';

/** An event's id as a client sends it back: a positive whole number within what JSON keeps exact. */
const eventId = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, { error: 'validation.id' })
  .transform(Number)
  .describe('the id of the last event received');

const liveEventsQuery = z.object({
  /** For clients that cannot set the Last-Event-ID header; the header wins when both are sent. */
  lastEventId: eventId.optional(),
  /**
   * A first stream (no last id): also the events written since this instant, when the user's
   * screen loaded (at most a minute back), so nothing between that load and the stream is missed.
   */
  since: z.iso
    .datetime({ offset: true, error: 'validation.date' })
    .transform((value) => new Date(value))
    .optional()
    .describe('when the screen loaded (ISO 8601): a first stream is also sent what was written since, at most a minute back'),
});

/** How long the streams' last messages have to leave when the server stops. */
const STREAM_GOODBYE_MS = 1000;

/** Resolves once every response has been written out (or cut), or after `ms`. */
const untilFinished = async (responses: ReadonlySet<ServerResponse>, ms: number): Promise<void> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((done) => (timer = setTimeout(done, ms)));
  await Promise.race([Promise.allSettled([...responses].map((response) => finished(response))), late]);
  clearTimeout(timer);
};

/**
 * `GET /api/events`: the user's live event stream, server-sent events in their scope
 * (src/domain/liveEvents.ts says what a client reads). Authenticated like every /api call; the
 * stream ends with `event: expired` when the token expires or the account's session ends.
 */
export const liveEventRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now, liveStreams }) => {
  const hub = new LiveHub({ db, now, caps: liveStreams });
  const responses = new Set<ServerResponse>();
  // Open streams would keep a stopping server waiting: each is told the server is restarting
  // and when to reconnect (to another process), then ends; a connection still open a moment
  // later (a client that stopped reading would not even take the end) is cut.
  app.addHook('preClose', async () => {
    hub.endStreams();
    await untilFinished(responses, STREAM_GOODBYE_MS);
    for (const response of responses) response.destroy();
  });
  app.addHook('onClose', async () => hub.close());

  app.get(
    LIVE_EVENTS_PATH,
    {
      schema: {
        querystring: liveEventsQuery,
        description:
          'Server-sent events (text/event-stream) in the user’s scope: order.created, order.updated, message.created, ' +
          `review.created, mailing.progress; \`: ping\` every ${LIVE_HEARTBEAT_SECONDS} s; \`event: expired\` before it closes at the session’s end. ` +
          'Send the last id received as Last-Event-ID (or lastEventId) to be sent what was missed. ' +
          'The server may end a stream with `event: closing` (data `{"reason":"restarting"}` when it stops, ' +
          '`{"reason":"too-many-streams"}` when the user opened more than their limit), after a `retry:` line saying when to reconnect; ' +
          'a process that serves as many streams as it may answers 503 LIVE_STREAMS_FULL with Retry-After.',
      },
      // A compressor holds what it is given until it has enough, and each event must leave at
      // once: @fastify/compress skips text/event-stream by default, and this route whatever
      // its types become. Helmet only sets headers.
      compress: false,
    },
    async (request, reply) => {
      const user = currentUser(request);
      const session = currentSession(request);
      const header = request.headers['last-event-id'];
      let lastEventId = request.query.lastEventId ?? null;
      if (typeof header === 'string' && header !== '') {
        const parsed = eventId.safeParse(header);
        if (!parsed.success) throw badRequest('Last-Event-ID: not an event id', [{ field: 'Last-Event-ID', message: 'not an event id' }]);
        lastEventId = parsed.data;
      }
      const stream = await hub.open(user, session, lastEventId, request.query.since ?? null);
      // The client left: its stream ends and leaves the hub.
      const response = reply.raw;
      responses.add(response);
      response.on('close', () => {
        responses.delete(response);
        stream.destroy();
      });
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        // A reverse proxy (nginx) must pass each event on at once too.
        .header('x-accel-buffering', 'no');
      return reply.send(stream);
    },
  );
};
