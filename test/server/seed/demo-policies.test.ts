import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPolicies } from '../../../server/seed/policies.seed';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { ACME, caller, GLOBEX } from '../policies/support';

interface Mine {
  items: { id: string; title: string; state: string; acceptedVersion: number | null; dueOn: string | null }[];
}

/**
 * The demo's policies (server/seed/policies.seed.ts), as a first start writes them into the file store the server
 * serves: an evaluator's employee reads and accepts the one left, the admin sees them partly accepted, and neither
 * workspace can reach the other's.
 */
describe.each(DATABASES)('the demo policies on %s', (kind) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let employee: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    call = caller(server);
    await seedPolicies(server.db, server.fileUrls);
    employee = await server.signIn(ACME, 'employee@acme.test');
  });
  afterAll(async () => server?.close());

  const mine = async (host: string, token: string) => {
    const res = await call('GET', host, '/policy/my', token);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Mine).items;
  };

  it('leaves the demo employee the Code of Conduct to read and accept, the POSH policy accepted', async () => {
    const items = await mine(ACME, employee);
    expect(items.map((p) => [p.title, p.state, p.acceptedVersion])).toEqual(
      expect.arrayContaining([
        ['Code of Conduct', 'PENDING', null],
        ['Prevention of Sexual Harassment (POSH) Policy', 'ACCEPTED', 1],
      ]),
    );
    expect(items.some((p) => p.title.startsWith('Workplace Harassment'))).toBe(false);
  });

  it('serves a real PDF the employee can open and then accept, and lists it in My policies', async () => {
    const conduct = (await mine(ACME, employee)).find((p) => p.title === 'Code of Conduct')!;
    // Accepting before opening is refused, as for any policy.
    const early = await call('POST', ACME, `/policy/my/${conduct.id}/accept`, employee, {
      version: 1,
      language: 'ENGLISH',
    });
    expect(early.statusCode).toBe(409);
    const doc = await call('GET', ACME, `/policy/my/${conduct.id}/document?language=ENGLISH`, employee);
    expect(doc.statusCode).toBe(200);
    expect(doc.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(doc.rawPayload.length).toBeGreaterThan(1000);
    const accept = await call('POST', ACME, `/policy/my/${conduct.id}/accept`, employee, {
      version: 1,
      language: 'ENGLISH',
    });
    expect(accept.statusCode, accept.body).toBe(200);
    const accepted = await call('GET', ACME, '/policy/accepted', employee);
    expect((accepted.json() as { items: { title: string }[] }).items.map((i) => i.title)).toEqual(
      expect.arrayContaining(['Code of Conduct', 'Prevention of Sexual Harassment (POSH) Policy']),
    );
  });

  it('shows the admin both policies partly accepted, the POSH one with people overdue', async () => {
    const admin = await server.signIn(ACME, 'admin@acme.test');
    const res = await call('GET', ACME, '/policy/all', admin);
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json() as { items: { title: string; inScope: number; accepted: number; overdue: number }[] })
      .items;
    const posh = items.find((p) => p.title === 'Prevention of Sexual Harassment (POSH) Policy')!;
    const conduct = items.find((p) => p.title === 'Code of Conduct')!;
    for (const policy of [posh, conduct]) {
      expect(policy.accepted).toBeGreaterThan(0);
      expect(policy.accepted).toBeLessThan(policy.inScope);
    }
    expect(posh.overdue).toBeGreaterThan(0);
    expect(conduct.overdue).toBe(0);
  });

  it("gives Globex its Canadian policy, and keeps each workspace's policy out of the other's reach", async () => {
    const globexEmployee = await server.signIn(GLOBEX, 'employee@globex.test');
    const items = await mine(GLOBEX, globexEmployee);
    expect(items.map((p) => [p.title, p.state])).toEqual([
      ['Workplace Harassment and Violence Prevention Policy', 'PENDING'],
    ]);
    const globexPolicy = items[0]!.id;
    expect((await call('GET', ACME, `/policy/my/${globexPolicy}/document?language=ENGLISH`, employee)).statusCode).toBe(
      404,
    );
    const conduct = (await mine(ACME, employee)).find((p) => p.title === 'Code of Conduct')!;
    expect(
      (await call('GET', GLOBEX, `/policy/my/${conduct.id}/document?language=ENGLISH`, globexEmployee)).statusCode,
    ).toBe(404);
  });
});
