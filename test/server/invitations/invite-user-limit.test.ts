import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, buildWorkspace, type BuiltWorkspace } from '../support/factories';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';

/**
 * A workspace at its user limit: every way of adding people refuses past it with 409 USER_LIMIT naming the limit on
 * the field of the call, and writes nobody.
 */
describe.each(DATABASES)('inviting past the user limit on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;

  beforeAll(async () => {
    server = await startTestServer(kind);
    // The admin and one person fill a limit of two.
    ws = await buildWorkspace(server, { userLimit: 2 });
    await buildUser(server, ws, { role: 'EMPLOYEE' });
  });
  afterAll(async () => server?.close());

  const post = (url: string, payload: object) =>
    server.request(ws.host, { method: 'POST', url: `/main-api${url}`, payload, token: ws.admin.token });
  const refusal = (field: string) => ({
    code: 'USER_LIMIT',
    message: 'This workspace may have at most 2 users; it has 2, so adding 1 would make 3.',
    fields: { [field]: 'User limit 2 reached' },
  });
  const people = async () =>
    server.db.tenant(ws.id, async (tx) => {
      const [{ n }] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE workspace_id = $1`, [
        ws.id,
      ]);
      return n;
    });

  it('refuses a single invite, an invite to a unit, a bulk invite and a bulk creation, writing nobody', async () => {
    const person = { email: `over@${ws.slug}.test`, firstName: 'Over', lastName: 'Limit', role: 'EMPLOYEE' };
    const one = await post(`/api/invite/user/${ws.headquartersId}`, person);
    expect([one.statusCode, one.json()]).toEqual([409, refusal('email')]);
    const unit = await post(`/api/invite/branch/${ws.headquartersId}`, { emails: [person.email] });
    expect([unit.statusCode, unit.json()]).toEqual([409, refusal('email')]);
    const bulk = await post('/api/invite/invite/bulk', { invites: [{ ...person, branchId: ws.headquartersId }] });
    expect([bulk.statusCode, bulk.json()]).toEqual([409, refusal('email')]);
    const created = await post('/api/user/create/bulk', { users: [{ ...person, branchId: ws.headquartersId }] });
    expect([created.statusCode, created.json()]).toEqual([409, refusal('email')]);
    expect(await people()).toBe(2);
  });
});
