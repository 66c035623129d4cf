import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputsChecked, NUL_MESSAGE, refusesNul, type RouteContract } from '../../../src/contracts/route';
import { eligible, isEditableRole } from '../../../src/domain/auth/permissions';
import { servedContracts } from '../../../server/platform/serve';
import { csv, post as postFile } from '../imports/upload';
import { buildEveryRole, type BuiltEveryRole } from '../support/factories';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';

/** Every contract of the three APIs, straight from their modules. */
const modules = import.meta.glob<Record<string, unknown>>('../../../src/contracts/{main,learning,case}/*.contract.ts', {
  eager: true,
});
const contracts: [name: string, contract: RouteContract][] = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(
      ([, value]) =>
        typeof value === 'object' && value !== null && 'access' in value && 'path' in value && 'method' in value,
    )
    .map(([name, value]) => [`${file.replace(/^.*\//, '')} ${name}`, value as RouteContract]),
);

describe('the rules every contract follows', () => {
  it('walks the contracts of all three APIs', () => {
    expect(new Set(contracts.map(([, c]) => c.api))).toEqual(new Set(['main', 'learning', 'case']));
    expect(contracts.length).toBeGreaterThan(100);
  });

  it('names a permission, or why it needs none, on every route a switchable role may call', () => {
    const missing = contracts
      .filter(([, c]) => Array.isArray(c.access) && c.access.some(isEditableRole))
      .filter(([, c]) => !c.permission === !c.noPermission?.trim())
      .map(
        ([name, c]) =>
          `${name}: ${c.method} ${c.path} ${c.permission && c.noPermission ? 'has both a permission and a reason for none' : 'has no permission'}`,
      );
    expect(missing).toEqual([]);
  });

  it('names only a permission that every role of its access may hold (or that role would always be refused)', () => {
    const wrong = contracts.flatMap(([name, c]) =>
      c.permission && Array.isArray(c.access)
        ? c.access
            .filter((role) => !eligible(role, c.permission!))
            .map((role) => `${name}: ${role} can never hold ${c.permission}`)
        : [],
    );
    expect(wrong).toEqual([]);
  });

  it('lets an API key reach no case call and no call only a workspace admin may make', () => {
    // A key works on the workspace's people and training; a case (complaints, the committee, workflows) and the
    // workspace admin's own settings (keys, webhooks, permissions) are for people only (docs/integrations.md).
    const wrong = contracts
      .filter(([, c]) => c.apiKeyScope)
      .filter(
        ([, c]) =>
          c.api === 'case' ||
          !Array.isArray(c.access) ||
          c.access.every((role) => role === 'WORKSPACE_ADMIN') ||
          c.path.startsWith('/api/api-keys') ||
          c.path.startsWith('/api/webhooks'),
      )
      .map(([name]) => name);
    expect(wrong).toEqual([]);
  });

  it('builds every contract with route(), so its inputs carry the one rule for text (no NUL character)', () => {
    expect(contracts.filter(([, c]) => !inputsChecked.has(c)).map(([name]) => name)).toEqual([]);
    const unchecked = contracts.flatMap(([name, c]) =>
      (['params', 'query', 'body'] as const)
        .filter((part) => c[part] && !refusesNul.has(c[part]))
        .map((part) => `${name} ${part}`),
    );
    expect(unchecked).toEqual([]);
    // The rule itself: any text, at any depth, and the field is named.
    const sample = contracts.find(([name]) => name.endsWith('workspaceUsersSearch'))![1].body!;
    expect(sample.safeParse({ searchText: 'a\u0000' }).error?.issues).toEqual([
      expect.objectContaining({ path: ['searchText'], message: NUL_MESSAGE }),
    ]);
  });
});

describe.each(DATABASES)('the contract rules, served, on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let employer: string;
  /** A workspace built with a person in every role (its headquarters "Acme Headquarters"), and its host. */
  let every: BuiltEveryRole;
  let ACME: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    every = await buildEveryRole(server, { companyName: 'Acme' });
    [ACME, admin, employer] = [every.ws.host, every.admin.token, every.employer.token];
  });
  afterAll(async () => server?.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    payload?: object,
    host?: string,
  ) => server.request(host ?? ACME, { method, url, token, ...(payload ? { payload } : {}) });

  it('walked every contract the server serves', () => {
    const walked = new Set(contracts.map(([, c]) => c));
    expect(servedContracts.filter((c) => !walked.has(c)).map((c) => `${c.method} ${c.api} ${c.path}`)).toEqual([]);
    expect(servedContracts.length).toBeGreaterThan(100);
  });

  it('switches import jobs off with "Invite people": start, list, read, cancel and resume answer 403', async () => {
    const file = { name: 'people.csv', content: csv('job1@acme-rules.test,Job,One,,,,,Acme Headquarters,Employee,,,') };
    const started = await postFile(server, 'bulk', employer, file, undefined, ACME);
    expect(started.statusCode).toBe(202);
    const jobId = started.json().jobId as string;
    const off = await call('POST', '/main-api/api/permission/update', admin, {
      role: 'EMPLOYER',
      permissions: { 'invites.manage': false },
    });
    expect(off.statusCode).toBe(200);
    try {
      const again = await postFile(
        server,
        'bulk',
        employer,
        {
          name: 'people.csv',
          content: csv('job2@acme-rules.test,Job,Two,,,,,Acme Headquarters,Employee,,,'),
        },
        undefined,
        ACME,
      );
      expect(again.statusCode).toBe(403);
      expect(again.json().code).toBe('PERMISSION_OFF');
      for (const [method, url] of [
        ['GET', '/main-api/api/invite/bulk/jobs'],
        ['GET', `/main-api/api/invite/bulk/jobs/${jobId}`],
        ['POST', `/main-api/api/invite/bulk/jobs/${jobId}/cancel`],
        ['POST', `/main-api/api/invite/bulk/jobs/${jobId}/resume`],
      ] as const) {
        const res = await call(method, url, employer, method === 'POST' ? {} : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().code).toBe('PERMISSION_OFF');
      }
      expect((await server.db.query(`SELECT 1 FROM users WHERE email = 'job2@acme-rules.test'`)).length).toBe(0);
      // The workspace admin's permissions are fixed.
      expect((await call('GET', '/main-api/api/invite/bulk/jobs', admin)).statusCode).toBe(200);
    } finally {
      await call('POST', '/main-api/api/permission/update', admin, {
        role: 'EMPLOYER',
        permissions: { 'invites.manage': true },
      });
    }
    expect((await call('GET', '/main-api/api/invite/bulk/jobs', employer)).statusCode).toBe(200);
  });

  it('refuses a NUL character in text with 400 naming the field, in each of the three APIs', async () => {
    const nul = 'Asha\u0000';
    const samples: [string, Awaited<ReturnType<typeof call>>][] = [
      ['searchText', await call('POST', '/main-api/api/workspace/users/search', admin, { searchText: nul })],
      ['searchText', await call('POST', '/main-api/api/user/search', admin, { category: 'NAME', searchText: nul })],
      ['firstName', await call('POST', `/main-api/api/user/update/${every.employee.id}`, admin, { firstName: nul })],
      [
        'departmentName',
        await call('POST', '/main-api/api/department', admin, {
          departmentName: nul,
          branchId: every.unit.id,
        }),
      ],
      [
        'username',
        await server.request(ACME, {
          method: 'POST',
          url: '/main-api/api/user/signin',
          payload: { username: 'acme\u0000', userPassword: 'x' },
        }),
      ],
      [
        'search',
        await call(
          'GET',
          `/learning-api/api/course/00000000-0000-4000-8000-000000000000/users?search=${encodeURIComponent(nul)}`,
          admin,
        ),
      ],
      ['workflowName', await call('POST', '/case-api/api/admin/workflow', admin, { workflowName: nul })],
      [
        'email',
        await call(
          'DELETE',
          `/main-api/api/invite/00000000-0000-4000-8000-000000000000/${encodeURIComponent('a\u0000@example.test')}`,
          admin,
        ),
      ],
    ];
    // The parts of an upload that no schema reads follow the same rule.
    samples.push([
      'file',
      await postFile(
        server,
        'bulk',
        admin,
        {
          name: 'people\u0000.csv',
          content: csv('nul@acme-rules.test,N,U,,,,,Acme Headquarters,Employee,,,'),
        },
        undefined,
        ACME,
      ),
    ]);
    expect(samples[0]![1].json().fields).toEqual({ searchText: NUL_MESSAGE });
    for (const [field, res] of samples) {
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      const fields = res.json().fields as Record<string, string>;
      expect(
        Object.keys(fields).some((name) => name.endsWith(field)),
        `${field}: ${res.body}`,
      ).toBe(true);
    }
  });
});
