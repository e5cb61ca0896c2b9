import helmet from '@fastify/helmet';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

type Directives = Record<string, string[]>;

/**
 * The Content-Security-Policy the browser app runs under: its own scripts only (no inline
 * script), inline styles for MUI/emotion, images from itself and data:/blob: previews.
 */
export const APP_CSP: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

export interface SecurityHeadersOptions {
  /**
   * Routes under a prefix that need a different policy (the API docs page, say): their
   * directives replace the app's ones of the same name.
   */
  relaxedCsp?: { prefix: string; directives: Directives }[];
}

/** Security headers on every response: pages, assets, API, photos, errors and 404s. */
const plugin: FastifyPluginAsync<SecurityHeadersOptions> = async (app, { relaxedCsp = [] }) => {
  // Registered before helmet's own onRoute hook, which reads the `helmet` option set here.
  app.addHook('onRoute', (route) => {
    const relaxed = relaxedCsp.find(({ prefix }) => route.url === prefix || route.url.startsWith(`${prefix}/`));
    if (relaxed && route.helmet === undefined) {
      route.helmet = { contentSecurityPolicy: { useDefaults: false, directives: { ...APP_CSP, ...relaxed.directives } } };
    }
  });
  await app.register(helmet, {
    global: true,
    // Only the directives above: helmet's defaults add upgrade-insecure-requests, which breaks
    // the app served over plain HTTP on a LAN address.
    contentSecurityPolicy: { useDefaults: false, directives: APP_CSP },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // A proxy in front may serve other sites on sub-domains over HTTP: do not pin them.
    strictTransportSecurity: { maxAge: 15552000, includeSubDomains: false },
  });
};

export const securityHeaders = fp(plugin, { name: 'security-headers' });
