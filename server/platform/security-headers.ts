import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (Content-Security-Policy, X-Content-Type-Options, ...) on every answer, from a
 * middleware built once when the server starts. @fastify/helmet, used before, built it again for every request
 * (parsing and checking the whole Content-Security-Policy each time) in two hooks, one of them async: a visible share
 * of a directory call's CPU on PGlite (docs/people.md, "The request path"). The headers are the same: no route has helmet
 * options of its own, and none asks for CSP nonces.
 */
export const securityHeaders = fp<HelmetOptions>(
  async (app, options) => {
    const apply = helmet(options);
    // Helmet throws on a failure rather than passing it on; `done` is only ever called without one.
    app.addHook('onRequest', (request, reply, done) => apply(request.raw, reply.raw, () => done()));
  },
  { name: 'security-headers' },
);
