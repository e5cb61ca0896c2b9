import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { TrustProxy } from '../config';

export interface ProxyWarningOptions {
  trustProxy: TrustProxy;
  now: () => Date;
  /** The request log is off (LOG=off): the operator must still hear of it, on stderr. */
  logOff: boolean;
}

/** How often the warning is repeated while such requests go on. */
export const PROXY_WARNING_EVERY_MS = 60 * 60 * 1000;

export const PROXY_WARNING =
  'Requests carry X-Forwarded-For but TRUST_PROXY is off: every client behind the proxy has its address, so the login ' +
  'limits count them as one client (50 failed logins from anyone lock out everyone who never logged in from there) and ' +
  'the log shows the proxy. Set TRUST_PROXY to the number of proxies in front (TRUST_PROXY=1 for one reverse proxy) or ' +
  'to their addresses (TRUST_PROXY=10.0.0.1), or make the proxy stop sending X-Forwarded-For.';

/**
 * Behind a reverse proxy with TRUST_PROXY off, every user has the proxy's address: say so in the
 * log at the first request that shows it (an X-Forwarded-For header nobody believes), and
 * again at most once an hour while it goes on.
 */
const plugin: FastifyPluginAsync<ProxyWarningOptions> = async (app, { trustProxy, now, logOff }) => {
  if (trustProxy !== false) return;
  let warnedAt: number | null = null;
  app.addHook('onRequest', async (request) => {
    if (request.headers['x-forwarded-for'] === undefined) return;
    const at = now().getTime();
    if (warnedAt !== null && at - warnedAt < PROXY_WARNING_EVERY_MS) return;
    warnedAt = at;
    if (logOff) console.warn(`${PROXY_WARNING} (proxy address ${request.ip})`);
    else request.log.warn({ proxyAddress: request.ip, trustProxy: 'off' }, PROXY_WARNING);
  });
};

export const proxyWarning = fp(plugin, { name: 'proxy-warning' });
