import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildEveryRole, buildPlatformOperator, type BuiltEveryRole } from '../support/factories';
import { DEFAULT_UPLOAD_LIMITS } from '../../../src/domain/files/uploads';

const APIS = ['/main-api', '/learning-api', '/case-api'] as const;

interface OpenApiDoc {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
}

describe.each(DATABASES)('the API surface on %s', (kind) => {
  let server: TestServer;
  const docs = new Map<string, OpenApiDoc>();
  /** A workspace built with a person in every role, and its host. */
  let every: BuiltEveryRole;
  let ACME: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    every = await buildEveryRole(server);
    ACME = every.ws.host;
    for (const base of APIS) {
      const res = await server.request('localhost', { method: 'GET', url: `${base}/openapi.json` });
      docs.set(base, res.json());
    }
  });
  afterAll(async () => server?.close());

  it.each(APIS)('%s publishes an OpenAPI 3.1 document and a browsable reference', async (base) => {
    const doc = docs.get(base)!;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: base }]);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(0);
    const reference = await server.request('localhost', { method: 'GET', url: `${base}/docs/` });
    expect(reference.statusCode).toBe(200);
    expect(reference.headers['content-type']).toContain('text/html');
  });

  it('documents the foundation calls at the paths of api/endpoints.tsv', () => {
    const main = Object.keys(docs.get('/main-api')!.paths);
    expect(main).toEqual(
      expect.arrayContaining([
        '/api/user/signin',
        '/api/user/details',
        '/api/user/sign-out',
        '/api/workspace/company-profile/{host}',
      ]),
    );
  });

  it('documents the permission and navigation calls at the paths of api/endpoints.tsv', () => {
    const main = Object.keys(docs.get('/main-api')!.paths);
    expect(main).toEqual(
      expect.arrayContaining([
        '/api/permission/all',
        '/api/permission/update',
        '/api/navigation/v2',
        '/api/navigation/v3',
        '/api/internal/userroutes/{id}',
      ]),
    );
  });

  /** Every documented route, called with bad input by a signed-in admin and by the platform admin: a 4xx, never a 500. */
  // A sweep over every route: it grows with the API, so it has its own limit rather than the 60 s default.
  it('answers bad input on every route with a 4xx and the error body, never a 500', { timeout: 600_000 }, async () => {
    // Tokens of its own: the sweep calls sign-out too.
    const sweepAdmin = await server.signIn(ACME, every.employer.email);
    const sweepPlatform = (await buildPlatformOperator(server)).token;
    const failures: string[] = [];
    let calls = 0;
    for (const base of APIS) {
      for (const [path, methods] of Object.entries(docs.get(base)!.paths)) {
        for (const method of Object.keys(methods)) {
          const variants = [
            path.replace(/\{[^}]+\}/g, 'not-a-valid-id'),
            path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
          ];
          for (const url of variants) {
            for (const [host, token] of [
              [ACME, sweepAdmin],
              ['localhost', sweepPlatform],
            ] as const) {
              const payloads: (string | undefined)[] =
                method === 'get' || method === 'delete'
                  ? [undefined]
                  : ['{"unexpectedField": 1}', '{"broken json', '[]'];
              for (const payload of payloads) {
                calls++;
                const res = await server.request(host, {
                  method: method.toUpperCase() as 'GET',
                  url: `${base}${url}?page=-1&pageSize=abc`,
                  token,
                  ...(payload !== undefined ? { payload, headers: { 'content-type': 'application/json' } } : {}),
                });
                const body = res.headers['content-type']?.includes('json') ? res.json() : null;
                if (res.statusCode >= 500)
                  failures.push(
                    `${method.toUpperCase()} ${base}${url} ${payload ?? ''} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
                  );
                else if (res.statusCode >= 400 && (typeof body?.code !== 'string' || typeof body?.message !== 'string'))
                  failures.push(`${method.toUpperCase()} ${base}${url} -> ${res.statusCode} without { code, message }`);
              }
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(10);
    // Every route twice, on two hosts, with three bodies: about 35 s alone, over a minute beside other runs.
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await server.request(ACME, { method: 'GET', url: '/main-api/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('checks the session on the app origin at /api/auth', async () => {
    expect((await server.request(ACME, { method: 'GET', url: '/api/auth' })).statusCode).toBe(401);
    const ok = await server.request(ACME, {
      method: 'GET',
      url: '/api/auth',
      token: await server.signIn(ACME, every.admin.email),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ authenticated: true, kind: 'user' });
  });

  it('serves the runtime configuration with the three API base URLs', async () => {
    const res = await server.request(ACME, { method: 'GET', url: '/config.json' });
    expect(res.json()).toEqual({
      mainApiUrl: '/main-api',
      learningApiUrl: '/learning-api',
      caseApiUrl: '/case-api',
      mainHost: 'localhost',
      socialSignIn: [],
      maxUploadBytes: 5 * 1024 * 1024,
      uploadLimits: DEFAULT_UPLOAD_LIMITS,
    });
  });

  it('sends a strict Content-Security-Policy and the usual security headers', async () => {
    const res = await server.request(ACME, { method: 'GET', url: '/config.json' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
