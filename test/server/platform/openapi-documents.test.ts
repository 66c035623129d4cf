import { spawn } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from '@safeplace/openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractCatalogue } from '../../../server/platform/api-docs';
import { buildCourse, buildWorkspace } from '../support/factories';
import { PASSWORD, startTestServer, type TestServer } from '../support/test-app';

/**
 * The three OpenAPI documents as an integrator meets them: fetched from the built app, linted with Redocly CLI 2
 * (redocly.yaml), turned into a typed client with openapi-typescript 7, and a small program that calls one operation
 * of each API with openapi-fetch is type-checked (tsc) and then run against the app. A contract change that would
 * break an integrator's build fails here. The documents do not depend on the database: PGlite only.
 */
const APIS = [
  { base: '/main-api', name: 'main-api' },
  { base: '/learning-api', name: 'learning-api' },
  { base: '/case-api', name: 'case-api' },
] as const;
/** Where the documents, the generated types and the program are written (redocly.yaml names these files). */
const OUT = path.resolve('reports/openapi');
const ROOT = process.cwd();

type Json = Record<string, any>;

/** Runs a Node program; `stdout` alone, and `output` with stderr too (for messages). */
function run(args: string[], cwd = ROOT): Promise<{ code: number | null; stdout: string; output: string }> {
  return new Promise((resolve, reject) => {
    // process.execPath: the Node 24 that runs the tests (the tools' bin links would pick the system's node).
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...process.env, NO_COLOR: '1', REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    let output = '';
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, output }));
  });
}

describe('the OpenAPI documents, as an integrator uses them', () => {
  let server: TestServer;
  const docs = new Map<string, Json>();

  beforeAll(async () => {
    server = await startTestServer('pglite');
    await rm(OUT, { recursive: true, force: true });
    await mkdir(OUT, { recursive: true });
    for (const api of APIS) {
      const res = await server.request('acme.localhost', { method: 'GET', url: `${api.base}/openapi.json` });
      expect(res.statusCode).toBe(200);
      docs.set(api.name, res.json());
      await writeFile(path.join(OUT, `${api.name}.json`), res.body);
    }
  });
  afterAll(async () => server?.close());

  it.each(APIS)(
    '$base: every operation has its contract name as operationId, a summary, a tag, security and error answers',
    async ({ name }) => {
      const doc = docs.get(name)!;
      const catalogue = await contractCatalogue();
      const contractNames = new Set([...catalogue.contracts.values()].map((c) => c.name));
      const tags = new Set((doc.tags as { name: string; description: string }[]).map((t) => t.name));
      const ids: string[] = [];
      for (const [route, methods] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
        for (const [method, op] of Object.entries(methods)) {
          const where = `${method.toUpperCase()} ${route}`;
          ids.push(op.operationId);
          expect(
            contractNames.has(op.operationId),
            `${where}: operationId ${op.operationId} is a contract's export name`,
          ).toBe(true);
          expect(op.summary, where).toMatch(/\w/);
          expect(op.tags, where).toHaveLength(1);
          expect(tags.has(op.tags[0]), `${where}: tag ${op.tags[0]} is declared`).toBe(true);
          expect(Array.isArray(op.security), `${where}: states its security`).toBe(true);
          const errors = Object.keys(op.responses).filter((code) => /^[45]\d\d$/.test(code));
          expect(errors, where).toEqual(expect.arrayContaining(['404', '500']));
          for (const code of [...errors, 'default']) {
            const response = doc.components.responses[op.responses[code].$ref.split('/').pop()];
            expect(response.content['application/json'].schema, `${where} ${code}`).toEqual({
              $ref: '#/components/schemas/ErrorBody',
            });
          }
        }
      }
      expect(new Set(ids).size, 'operationIds are unique').toBe(ids.length);
      expect(doc.components.schemas.ErrorBody).toMatchObject({
        required: ['code', 'message'],
        properties: { code: {}, message: {}, fields: {} },
      });
    },
  );

  it('names operations after their contracts, and secures them as the contract says', () => {
    const main = docs.get('main-api')!;
    expect(main.paths['/api/user/signin'].post).toMatchObject({ operationId: 'signIn', tags: ['auth'], security: [] });
    expect(main.paths['/api/user/signin'].post.responses).not.toHaveProperty('401');
    expect(main.paths['/api/user/details'].get).toMatchObject({ security: [{ bearer: [] }] });
    expect(main.paths['/api/user/details'].get.responses).toHaveProperty('401');
    expect(main.paths['/api/workspace/users/stats'].get).toMatchObject({ operationId: 'userStats', tags: ['users'] });
    expect(main.paths['/api/workspace/users/stats'].get.responses).toHaveProperty('403');
    expect(docs.get('learning-api')!.paths['/api/course/assign-course-to-users'].post.operationId).toBe('assignCourse');
    expect(docs.get('case-api')!.paths['/api/admin/workflow'].get.operationId).toBe('listWorkflows');
  });

  it('makes recursive and shared schemas named components, and lists the keys of enum-keyed records', () => {
    const main = docs.get('main-api')!;
    const schemas = main.components.schemas;
    // The menu is recursive: its items refer to the component they are.
    expect(schemas.MenuItem.properties.children.items).toEqual({ $ref: '#/components/schemas/MenuItem' });
    expect(JSON.stringify(main)).not.toContain('schema0');
    // byStatus has every status as a key: each is a property, not only a required name.
    const stats = schemas.UserStats.properties.byStatus;
    expect(Object.keys(stats.properties).sort()).toEqual([...stats.required].sort());
    // Every reference points at a component the document has.
    for (const doc of docs.values()) {
      const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
      for (const ref of new Set(refs)) {
        const [, kind, component] = /#\/components\/(\w+)\/([^"]+)"$/.exec(ref) ?? [];
        expect(doc.components[kind]?.[component], ref).toBeDefined();
      }
    }
  });

  it.each(APIS)('$base: the reference at /docs shows the same document', async ({ base, name }) => {
    const res = await server.request('acme.localhost', { method: 'GET', url: `${base}/docs/json` });
    expect(res.json()).toEqual(docs.get(name));
    const intro = docs.get(name)!.info.description as string;
    for (const words of [
      `https://<workspace host>${base}`,
      'POST /main-api/api/user/signin',
      'Authorization: Bearer',
      '"code"',
      'zero-based',
      'default 20',
    ]) {
      expect(intro).toContain(words);
    }
  });

  it.each(APIS)(
    '$base: the reference loads its page and assets with and without the trailing slash',
    async ({ base }) => {
      for (const url of [`${base}/docs`, `${base}/docs/`]) {
        const page = await server.request('acme.localhost', { method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        const assets = [...page.body.matchAll(/(?:href|src)="([^"]+)"/g)].map(
          (m) => new URL(m[1], `http://acme.localhost${url}`).pathname,
        );
        expect(assets.length, url).toBeGreaterThan(3);
        for (const asset of assets) {
          const res = await server.request('acme.localhost', { method: 'GET', url: asset });
          expect(`${asset} from ${url}: ${res.statusCode}`).toBe(`${asset} from ${url}: 200`);
        }
      }
    },
  );

  it("passes Redocly's recommended lint (redocly.yaml) with no error and no warning", async () => {
    // One run for the three APIs of redocly.yaml; it prints one JSON report per API, one after the other.
    const { stdout, output } = await run([
      path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js'),
      'lint',
      '--format=json',
    ]);
    const json = stdout.slice(stdout.indexOf('{'), stdout.lastIndexOf('}') + 1);
    expect(json, output).not.toBe('');
    const reports = json
      .split(/\n\}\{\n/)
      .map((part, i, all) => JSON.parse(`${i > 0 ? '{\n' : ''}${part}${i < all.length - 1 ? '\n}' : ''}`) as Json);
    expect(reports).toHaveLength(APIS.length);
    const problems = reports.flatMap((report) =>
      (report.problems as Json[]).map(
        (p) =>
          `${p.severity} ${p.ruleId}: ${p.message} at ${p.location?.[0]?.source?.ref ?? ''}${p.location?.[0]?.pointer ?? ''}`,
      ),
    );
    expect(problems).toEqual([]);
    for (const report of reports) expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('generates a typed client with openapi-typescript that a program calling each API compiles against and runs with', async () => {
    for (const api of APIS) {
      const types = astToString(await openapiTS(docs.get(api.name) as OpenAPI3));
      await writeFile(path.join(OUT, `${api.name}.d.ts`), types);
    }
    await writeFile(path.join(OUT, 'client.ts'), CLIENT_PROGRAM);
    await writeFile(path.join(OUT, 'broken.ts'), BROKEN_PROGRAM);
    await writeFile(
      path.join(OUT, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          target: 'es2023',
          lib: ['es2023', 'dom'],
          module: 'esnext',
          moduleResolution: 'bundler',
          noEmit: true,
          skipLibCheck: true,
          types: [],
        },
        files: ['client.ts', 'broken.ts'],
      }),
    );
    const { output } = await run(
      [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--pretty', 'false'],
      OUT,
    );
    const errors = output.split('\n').filter((line) => /error TS\d+/.test(line));
    // The program an integrator would write compiles...
    expect(errors.filter((line) => line.startsWith('client.ts'))).toEqual([]);
    // ...and the check has teeth: a field the answer lacks and a path the API does not serve do not.
    expect(
      errors.filter((line) => line.startsWith('broken.ts')).map((line) => /^broken\.ts\((\d+),/.exec(line)?.[1]),
    ).toEqual(['7', '9']);

    // The same program, run against the app: the generated client's calls are what the API answers.
    const { integrate } = (await import(/* @vite-ignore */ path.join(OUT, 'client.ts'))) as {
      integrate: typeof IntegrateFn;
    };
    // The integrator's own workspace, its admin and one course, built through the API.
    const ws = await buildWorkspace(server);
    await buildCourse(server, ws);
    const result = await integrate(`http://${ws.host}`, injectFetch(server), ws.admin.email, PASSWORD);
    expect(result.token).toMatch(/^[\w-]{20,}$/); // base64url: a token may hold '-'
    expect(result.courses).toBeGreaterThan(0);
    expect(result.workflows).toBeGreaterThanOrEqual(0);
    expect(result.badSignIn).toMatchObject({ status: 401, code: expect.any(String) });
  }, 60_000);
});

declare function IntegrateFn(
  host: string,
  fetch: (request: Request) => Promise<Response>,
  email: string,
  password: string,
): Promise<{ token: string; courses: number; workflows: number; badSignIn: { status: number; code: string } }>;

/** A fetch that answers from the app through `inject` (Node's fetch cannot reach `*.localhost` hosts). */
function injectFetch(server: TestServer) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const res = await server.app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { ...Object.fromEntries(request.headers), host: url.host },
      ...(body ? { payload: body } : {}),
    });
    return new Response(new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: res.headers as Record<string, string>,
    });
  };
}

/** What an integrator writes with the generated types and openapi-fetch: one call of each API. */
const CLIENT_PROGRAM = `import createClient from 'openapi-fetch';
import type { components, operations, paths as MainApi } from './main-api';
import type { paths as LearningApi } from './learning-api';
import type { paths as CaseApi } from './case-api';

type SignInAnswer = operations['signIn']['responses'][200]['content']['application/json'];
type ErrorBody = components['schemas']['ErrorBody'];

export async function integrate(host: string, fetch: (request: Request) => Promise<Response>, email: string, password: string) {
  const main = createClient<MainApi>({ baseUrl: \`\${host}/main-api\`, fetch });
  const badSignIn = await main.POST('/api/user/signin', { body: { userEmail: email, userPassword: 'not the password' } });
  const refused: ErrorBody | undefined = badSignIn.error;
  const signedIn = await main.POST('/api/user/signin', { body: { userEmail: email, userPassword: password } });
  if (!signedIn.data) throw new Error(\`sign-in: \${signedIn.error.code} \${signedIn.error.message}\`);
  const answer: SignInAnswer = signedIn.data;
  const token: string = answer.token;
  const headers = { Authorization: \`Bearer \${token}\` };

  const learning = createClient<LearningApi>({ baseUrl: \`\${host}/learning-api\`, headers, fetch });
  const courses = await learning.GET('/api/course/all', { params: { query: { page: 0, pageSize: 20 } } });
  if (!courses.data) throw new Error(\`courses: \${courses.error.code}\`);
  const titles: string[] = courses.data.items.map((course) => course.title);

  const cases = createClient<CaseApi>({ baseUrl: \`\${host}/case-api\`, headers, fetch });
  const workflows = await cases.GET('/api/admin/workflow', { params: { query: { page: 0 } } });
  if (!workflows.data) throw new Error(\`workflows: \${workflows.error.code}\`);
  const total: number = workflows.data.total;

  return { token, courses: titles.length, workflows: total, badSignIn: { status: badSignIn.response.status, code: refused?.code ?? '' } };
}
`;

/** Two mistakes the generated types must refuse (lines 7 and 9). */
const BROKEN_PROGRAM = `import createClient from 'openapi-fetch';
import type { paths as MainApi } from './main-api';

export async function broken() {
  const main = createClient<MainApi>({ baseUrl: 'http://acme.localhost/main-api' });
  const signedIn = await main.POST('/api/user/signin', { body: { userEmail: 'a@b.test', userPassword: 'x' } });
  const token: string | undefined = signedIn.data?.accessToken;
  const mine = await main.GET('/api/user/details', {});
  return [token, mine.data?.email, await main.GET('/api/user/no-such-call', {})];
}
`;
