import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cruise } from '../../scripts/lint/architecture.mjs';
import { checkPortWrites } from '../../scripts/lint/port-writes.js';
import { checkShape } from '../../scripts/lint/shape.mjs';

// `npm run lint` refuses each kind of departure: the sample files below are written to a scratch tree shaped like the
// project's and checked with the project's own rules (.dependency-cruiser.cjs, scripts/lint/shape.mjs, the ESLint rule of
// scripts/lint/port-writes.js).

let root: string | null = null;

function tree(files: Record<string, string>): string {
  root = mkdtempSync(path.join(tmpdir(), 'architecture-rules-'));
  writeFileSync(
    path.join(root, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler', strict: true } }),
  );
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = null;
});

const REPOSITORY = `import type { Sql } from '../../platform/db';\nexport const rows = (tx: Sql) => tx.query('SELECT 1');\n`;
const PLATFORM_DB = `export interface Sql { query(text: string): Promise<unknown[]> }\n`;

// Each case runs dependency-cruiser in a process of its own: about a second, more on a loaded machine.
describe('the import rules (dependency-cruiser)', { timeout: 60_000 }, () => {
  it('refuse an API folder that imports another API', () => {
    const dir = tree({
      'server/platform/db.ts': PLATFORM_DB,
      'server/main/users/users.repository.ts': REPOSITORY,
      'server/learning/courses/courses.service.ts': `import { rows } from '../../main/users/users.repository';\nexport const all = rows;\n`,
    });
    const result = cruise(dir, ['server']);
    expect(result.ok).toBe(false);
    expect(result.output).toContain(
      'api-not-another-api: server/learning/courses/courses.service.ts → server/main/users/users.repository.ts',
    );
  });

  it('refuse a view-model that imports an adapter, even for a type', () => {
    const dir = tree({
      'src/application/people/people-api.port.ts': `export interface PeopleApi { list(): Promise<string[]> }\n`,
      'src/infrastructure/http/http-people-api.ts': `import type { PeopleApi } from '../../application/people/people-api.port';\nexport class HttpPeopleApi implements PeopleApi { async list() { return []; } }\n`,
      'src/ui/people/people.view-model.ts': `import type { HttpPeopleApi } from '../../infrastructure/http/http-people-api';\nexport class PeopleViewModel { constructor(readonly api: HttpPeopleApi) {} }\n`,
    });
    const result = cruise(dir, ['src']);
    expect(result.ok).toBe(false);
    expect(result.output).toContain(
      'view-model-no-adapter: src/ui/people/people.view-model.ts → src/infrastructure/http/http-people-api.ts',
    );
  });

  it('refuse a screen that imports an adapter, and accept the composition files that wire it', () => {
    const port = `export interface PeopleApi { list(): Promise<string[]> }\n`;
    const adapter = `import type { PeopleApi } from '../../application/people/people-api.port';\nexport class HttpPeopleApi implements PeopleApi { async list() { return []; } }\n`;
    const wire = `import { HttpPeopleApi } from '../../infrastructure/http/http-people-api';\nexport const api = new HttpPeopleApi();\n`;
    const dir = tree({
      'src/application/people/people-api.port.ts': port,
      'src/infrastructure/http/http-people-api.ts': adapter,
      'src/ui/people/people.screen.tsx': `import { HttpPeopleApi } from '../../infrastructure/http/http-people-api';\nexport const PeopleScreen = () => new HttpPeopleApi();\n`,
      'src/ui/people/people.bindings.ts': wire,
      'src/ui/people/people.wiring.ts': wire,
      'src/ui/app/routes.ts': wire,
    });
    const result = cruise(dir, ['src']);
    expect(result.ok).toBe(false);
    expect(result.output).toContain(
      'ui-no-adapter: src/ui/people/people.screen.tsx → src/infrastructure/http/http-people-api.ts',
    );
    expect(result.output).not.toContain('people.bindings.ts →');
    expect(result.output).not.toContain('people.wiring.ts →');
    expect(result.output).not.toContain('src/ui/app/routes.ts →');
  });

  it('refuse a domain file that imports a framework, and an import cycle', () => {
    const dir = tree({
      'src/domain/people/a.ts': `import { b } from './b';\nimport { observable } from 'mobx';\nexport const a = () => [b, observable];\n`,
      'src/domain/people/b.ts': `import { a } from './a';\nexport const b = () => a;\n`,
    });
    const result = cruise(dir, ['src']);
    expect(result.ok).toBe(false);
    expect(result.output).toContain('domain-only-domain: src/domain/people/a.ts → mobx');
    expect(result.output).toContain('no-circular');
  });

  it('accept the same files in their place: a view-model on the port, a service on its own repository', () => {
    const dir = tree({
      'server/platform/db.ts': PLATFORM_DB,
      'server/learning/courses/courses.repository.ts': REPOSITORY,
      'server/learning/courses/courses.service.ts': `import { rows } from './courses.repository';\nexport const all = rows;\n`,
      'src/application/people/people-api.port.ts': `export interface PeopleApi { list(): Promise<string[]> }\n`,
      'src/ui/people/people.view-model.ts': `import type { PeopleApi } from '../../application/people/people-api.port';\nexport class PeopleViewModel { constructor(readonly api: PeopleApi) {} }\n`,
    });
    const result = cruise(dir, ['src', 'server']);
    expect(result.output).toContain('no dependency violations found');
    expect(result.ok).toBe(true);
  });
});

describe('the server shape rules (file contents)', () => {
  it('refuse a route file with SQL and a service that throws an HTTP status', () => {
    const dir = tree({
      'server/main/users/users.routes.ts': `export async function routes(tx: { query(t: string): Promise<unknown> }) {\n  return tx.query<{ id: string }>('SELECT id FROM users');\n}\n`,
      'server/main/users/users.service.ts': `import { HttpError } from '../../platform/errors';\nexport function check(ok: boolean) {\n  if (!ok) throw new HttpError(409, 'CONFLICT', 'No');\n}\n`,
      'server/main/users/other.service.ts': `export const load = (tx: { query(t: string): Promise<unknown> }) => tx.query('SELECT 1');\n`,
    });
    const { problems } = checkShape(dir, {});
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('server/main/users/users.routes.ts — a route file holds SQL'),
        expect.stringContaining('server/main/users/users.service.ts — a service throws an HTTP status'),
        expect.stringContaining('server/main/users/other.service.ts — a service file holds SQL'),
      ]),
    );
  });

  it('accept a listed file, and refuse a listed file that keeps the rule now (the baseline only shrinks)', () => {
    const dir = tree({
      'server/main/users/users.routes.ts': `export const r = (tx: { query(t: string): Promise<unknown> }) => tx.query('SELECT 1');\n`,
      'server/main/users/users.service.ts': `// No SQL here, and no HttpError: the repository and the route do that.\nexport const ok = () => true;\n`,
    });
    const { problems } = checkShape(dir, {
      routesWithSql: ['server/main/users/users.routes.ts'],
      servicesThrowingHttp: ['server/main/users/users.service.ts'],
    });
    expect(problems).toEqual([
      expect.stringContaining('server/main/users/users.service.ts — no longer breaks "servicesThrowingHttp"'),
    ]);
  });

  it('refuse a route that maps a refusal to HTTP itself, and accept one that answers through the helper', () => {
    const dir = tree({
      'server/main/leads/leads.routes.ts': `import { HttpError } from '../../platform/errors';\nexport const fail = (r: { refusal: string; code: string; message: string }) =>\n  new HttpError(r.refusal === 'not-found' ? 404 : 400, r.code, r.message);\n`,
      'server/main/users/users.routes.ts': `import { refusalError } from '../../platform/refusal';\nexport const fail = (r: never) => { throw refusalError(r); };\n`,
      'server/case/complaints/case-runtime.routes.ts': `import { answer } from '../../platform/refusal';\nexport const run = async (act: () => Promise<never>) => answer(await act());\n`,
    });
    const { problems } = checkShape(dir, {});
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('server/main/leads/leads.routes.ts — a route maps a refusal to HTTP itself'),
        expect.stringContaining('server/main/users/users.routes.ts — a route maps a refusal to HTTP itself'),
      ]),
    );
    expect(problems.join('\n')).not.toContain('case-runtime.routes.ts');
  });

  it('refuse a server file with a date/time helper of its own, and accept the one date/time module', () => {
    const dir = tree({
      'server/learning/credits/credits.service.ts': `const iso = (value: Date | string) => new Date(value).toISOString();\nexport const at = (d: Date) => iso(d);\n`,
      'server/main/webhooks/webhooks.service.ts': `export const sent = (rows: { at: Date }[]) => rows.map((r) => r.at).map((d) => new Date(d).toISOString());\n`,
      'server/main/users/users.service.ts': `import { instantText } from '../../../src/domain/shared/date-time';\nexport const at = (d: Date) => instantText(d);\n`,
    });
    const { problems } = checkShape(dir, {});
    expect(problems).toEqual([
      expect.stringContaining('server/learning/credits/credits.service.ts — a date/time helper of its own'),
      expect.stringContaining('server/main/webhooks/webhooks.service.ts — a date/time helper of its own'),
    ]);
  });

  it('refuse a failure type of its own in the web app, and accept the one Refusal', () => {
    const dir = tree({
      'src/application/people/remove.use-case.ts': `export type RemoveOutcome = { ok: true } | { ok: false; message: string };\n`,
      'src/application/people/add.use-case.ts': `import type { Outcome } from '../shared/refusal';\nexport type AddOutcome = Outcome<{ id: string }, 'taken'>;\nexport const none = { ok: false, reason: 'invalid' };\n`,
      'src/application/shared/refusal.ts': `export type Refusal = { ok: false; reason: string; message: string };\n`,
    });
    const { problems } = checkShape(dir, {});
    expect(problems).toEqual([
      expect.stringContaining('src/application/people/remove.use-case.ts — a failure type of its own'),
    ]);
  });

  it('refuse two view-models in one file and a view-model outside its own file, and accept one per file', () => {
    const vm = (name: string) => `export class ${name}ViewModel {\n  status = 'loading';\n}\n`;
    const dir = tree({
      'src/ui/people/people.view-models.ts': vm('People') + vm('Person'),
      'src/ui/people/person.view-model.ts': vm('Person') + vm('PersonCard'),
      'src/ui/people/validity.tsx': `${vm('Validity')}export const Validity = () => null;\n`,
      'src/ui/people/directory.view-model.ts': `${vm('Directory')}class Row {}\nexport const rows: Row[] = [];\n`,
      'src/ui/people/directory.screen.tsx': `// The screen only takes its DirectoryViewModel from the container.\nexport const DirectoryScreen = () => null;\n`,
    });
    const { problems } = checkShape(dir, {});
    expect(problems.sort()).toEqual([
      expect.stringContaining('src/ui/people/people.view-models.ts — a view-model outside a `*.view-model.ts` file'),
      expect.stringContaining('src/ui/people/person.view-model.ts — two view-models in one file'),
      expect.stringContaining('src/ui/people/validity.tsx — a view-model outside a `*.view-model.ts` file'),
    ]);
  });

  it('refuse a screen that takes a use case from the container past its view-model', () => {
    const dir = tree({
      'src/ui/people/invite.screen.tsx': `import { useContainer } from '../shared/container-context';\nexport function InviteScreen() {\n  const invite = useContainer().get('InvitePeople');\n  return invite ? null : null;\n}\n`,
      'src/ui/people/people.screen.tsx': `import { useViewModel } from '../shared/container-context';\nexport function PeopleScreen() {\n  return useViewModel('PeopleViewModel') ? null : null;\n}\n`,
    });
    const { problems } = checkShape(dir, {});
    expect(problems).toEqual([
      expect.stringContaining(
        'src/ui/people/invite.screen.tsx — a screen takes a use case or a port from the container',
      ),
    ]);
  });
  it('refuse a mail subject written beside the code, and accept a mail spread from a template', () => {
    const dir = tree({
      'server/case/complaints/filing.service.ts': `export const mail = (to: string, n: string) => ({ to, subject: \`A new complaint: case \${n}\`, text: 'Sign in.' });\n`,
      'server/case/complaints/case-jobs.ts': `export const mail = (to: string, missed: boolean) => ({\n  to,\n  subject:\n    missed ? 'Missed deadline' : 'Deadline approaching',\n});\n`,
      'server/case/complaints/meetings.service.ts': `import { templates } from '../../platform/message-templates';\nexport const mail = (to: string) => ({ to, ...templates.reporterReply() });\nexport interface Sent { subject: string; kind: 'MAIL' }\n`,
      'server/platform/message-templates.ts': `export const templates = { reporterReply: () => ({ subject: 'There is a reply', text: 'Sign in.' }) };\n`,
    });
    const { problems } = checkShape(dir, {});
    expect(problems.sort()).toEqual([
      expect.stringContaining('server/case/complaints/case-jobs.ts — a mail subject written beside the code'),
      expect.stringContaining('server/case/complaints/filing.service.ts — a mail subject written beside the code'),
    ]);
  });
  it('refuse a job defined outside a job file, and accept one in its `*.job.ts`', () => {
    const job = `export function defineJobs(queue: { define(name: string, d: object): void }, run: () => Promise<void>) {\n  queue.define('nightly', { handler: run });\n}\n`;
    const dir = tree({
      'server/learning/reports/reports.routes.ts': job,
      'server/learning/reports/report-export.ts': `export class Exporter {\n  defineJobs(queue: { define(name: string, d: object): void }) {\n    queue.define('report-export', { handler: async () => {} });\n  }\n}\n`,
      'server/learning/reports/reports.job.ts': job,
      'server/platform/jobs.ts': `export class JobQueue {\n  define(name: string, d: object): void {\n    void [name, d];\n  }\n}\n`,
    });
    const { problems } = checkShape(dir, {});
    expect(problems.sort()).toEqual([
      expect.stringContaining('server/learning/reports/report-export.ts — a job defined outside a `*.job.ts` file'),
      expect.stringContaining('server/learning/reports/reports.routes.ts — a job defined outside a `*.job.ts` file'),
    ]);
  });
  it('refuse a server file that reads the time itself, and accept the clock port and a stopwatch', () => {
    const dir = tree({
      'server/learning/files/files.service.ts': `export const expiresAt = (seconds: number) => new Date(Date.now() + seconds * 1000);\n`,
      'server/case/complaints/meetings.service.ts': `export const stamp = () => new Date().toISOString();\n`,
      'server/case/complaints/regime.ts': `import { systemClock, type Clock } from '../../platform/clock';\nexport const today = (clock: Clock = systemClock) => clock.now();\nexport const at = (text: string) => new Date(text);\n`,
      'server/platform/imports/xlsx-reader.ts': `import { stopwatch } from '../clock';\nexport const elapsed = stopwatch();\n`,
      'server/platform/clock.ts': `export const systemClock = { now: () => new Date() };\nexport const stopwatch = () => { const start = performance.now(); return () => performance.now() - start; };\n`,
    });
    const { problems } = checkShape(dir, {});
    expect(problems.sort()).toEqual([
      expect.stringContaining('server/case/complaints/meetings.service.ts — reads the time itself'),
      expect.stringContaining('server/learning/files/files.service.ts — reads the time itself'),
    ]);
  });
});

// ESLint with type information over the scratch tree: a few seconds, more on a loaded machine.
describe('the view-models write through use cases (ESLint, safeplace/no-port-writes)', { timeout: 120_000 }, () => {
  const PORT = [
    `export interface PeopleApi {`,
    `  /** @read The directory's page. */`,
    `  list(): Promise<string[]>;`,
    `  remove(id: string): Promise<void>;`,
    `  rename: (id: string, name: string) => Promise<void>;`,
    `}`,
    ``,
  ].join('\n');
  const USE_CASE = `import type { PeopleApi } from './people-api.port';\nexport class RemovePerson {\n  constructor(private readonly api: PeopleApi) {}\n  async execute(id: string) {\n    await this.api.remove(id);\n    return { ok: true as const };\n  }\n}\n`;

  it('refuse a view-model that calls, hands on or destructures a write of a port, however it reaches the port', async () => {
    const dir = tree({
      'src/application/people/people-api.port.ts': PORT,
      'src/ui/people/people.view-model.ts': [
        `import type { PeopleApi } from '../../application/people/people-api.port';`,
        `export class PeopleViewModel {`,
        `  constructor(private readonly api: PeopleApi, private readonly parts: { api: PeopleApi }) {}`,
        `  async remove(id: string) { await this.api.remove(id); }`,
        `  async rename(id: string) { const api = this.parts.api; await api.rename(id, 'x'); }`,
        `  later() { return [this.api.remove]; }`,
        `  taken() { const { remove } = this.api; return remove; }`,
        `}`,
        ``,
      ].join('\n'),
      'src/ui/people/people-choices.ts': `import type { PeopleApi } from '../../application/people/people-api.port';\nexport const drop = (api: PeopleApi) => api.remove('1');\n`,
    });
    const { ok, problems } = await checkPortWrites(dir);
    expect(ok).toBe(false);
    expect(problems).toEqual([
      expect.stringMatching(/^src\/ui\/people\/people-choices\.ts:2 PeopleApi\.remove is a write/),
      expect.stringMatching(/^src\/ui\/people\/people\.view-model\.ts:4 PeopleApi\.remove is a write/),
      expect.stringMatching(/^src\/ui\/people\/people\.view-model\.ts:5 PeopleApi\.rename is a write/),
      expect.stringMatching(/^src\/ui\/people\/people\.view-model\.ts:6 PeopleApi\.remove is a write/),
      expect.stringMatching(/^src\/ui\/people\/people\.view-model\.ts:7 PeopleApi\.remove is a write/),
    ]);
  });

  it('accept a view-model that reads through the port (`@read`) and writes through a use case', async () => {
    const dir = tree({
      'src/application/people/people-api.port.ts': PORT,
      'src/application/people/remove-person.use-case.ts': USE_CASE,
      'src/ui/people/people.view-model.ts': [
        `import type { PeopleApi } from '../../application/people/people-api.port';`,
        `import type { RemovePerson } from '../../application/people/remove-person.use-case';`,
        `export class PeopleViewModel {`,
        `  rows: string[] = [];`,
        `  constructor(private readonly api: PeopleApi, private readonly removePerson: RemovePerson) {}`,
        `  async load() { this.rows = await this.api.list(); }`,
        `  async remove(id: string) { return this.removePerson.execute(id); }`,
        `}`,
        ``,
      ].join('\n'),
    });
    expect(await checkPortWrites(dir)).toEqual({ ok: true, problems: [] });
  });
});
