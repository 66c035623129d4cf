import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, xlsx } from '../imports/upload';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';

const ACME = 'acme.localhost';

describe.each(DATABASES)('creating and deleting people in bulk on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let hq: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.signIn(ACME, 'admin@acme.test');
    hq = (await server.db.query<{ id: string }>(`SELECT id FROM branches WHERE name = 'Acme Headquarters'`))[0]!.id;
  });
  afterAll(async () => server?.close());

  const create = (token: string, users: object[]) =>
    server.request(ACME, { method: 'POST', url: '/main-api/api/user/create/bulk', token, payload: { users } });
  const deleteByFile = async (token: string, file: { name: string; content: string | Uint8Array }, confirm: boolean) =>
    server.request(ACME, {
      method: 'POST',
      url: `/main-api/api/user/delete/bulk/file?confirm=${confirm}`,
      token,
      ...(await multipart(file)),
    });

  it('creates many people as invited, without mailing them, skipping those already here', async () => {
    const res = await create(admin, [
      { email: 'c1@acme-bulk.test', firstName: 'Cee', branchId: hq },
      { email: 'c2@acme-bulk.test', branchId: hq, role: 'EMPLOYER' },
      { email: 'employee@acme.test', branchId: hq },
    ]);
    expect(res.json()).toEqual({
      created: 2,
      skipped: [{ email: 'employee@acme.test', reason: 'Already has an account here' }],
    });
    const rows = await server.db.query<{ status: string; sent_at: Date | null }>(
      `SELECT u.status, i.sent_at FROM users u JOIN invites i ON i.user_id = u.id WHERE u.email LIKE 'c_@acme-bulk.test'`,
    );
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.status === 'INVITED' && r.sent_at === null)).toBe(true);
    const outbox = await server.request('localhost', {
      method: 'GET',
      url: '/dev/outbox?format=json&to=c1%40acme-bulk.test',
    });
    expect(outbox.json()).toEqual([]);
  });

  it('refuses the whole batch when one row is wrong, naming it', async () => {
    const buAdmin = await server.signIn(ACME, 'buadmin@acme.test');
    const pune = (await server.db.query<{ id: string }>(`SELECT id FROM branches WHERE name = 'Acme Pune'`))[0]!.id;
    const res = await create(buAdmin, [
      { email: 'd1@acme-bulk.test', branchId: pune },
      { email: 'd2@acme-bulk.test', branchId: pune, role: 'WORKSPACE_ADMIN' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(['users.1.role']);
    expect(await server.db.query(`SELECT 1 FROM users WHERE email LIKE 'd_@acme-bulk.test'`)).toHaveLength(0);
    expect((await create(buAdmin, [{ email: 'd1@acme-bulk.test', branchId: hq }])).statusCode).toBe(404);
  });

  it('previews a deletion file without deleting, then deletes all it lists', async () => {
    const file = {
      name: 'leavers.csv',
      content: 'Name,Email\nCee,C1@acme-bulk.test\nX,nobody@acme-bulk.test\nY,c2@acme-bulk.test\n,\n',
    };
    const preview = await deleteByFile(admin, file, false);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      matched: 2,
      deleted: 0,
      unknown: ['nobody@acme-bulk.test'],
      unknownCount: 1,
      refused: [],
    });
    expect(await server.db.query(`SELECT 1 FROM users WHERE email LIKE 'c_@acme-bulk.test'`)).toHaveLength(2);
    const done = await deleteByFile(admin, file, true);
    expect(done.json()).toMatchObject({ matched: 2, deleted: 2 });
    expect(await server.db.query(`SELECT 1 FROM users WHERE email LIKE 'c_@acme-bulk.test'`)).toHaveLength(0);
    const [event] = await server.db.query<{ details: { count: number; file: string } }>(
      `SELECT details FROM audit_events WHERE action = 'USERS_DELETED_BY_FILE'`,
    );
    expect(event!.details).toMatchObject({ count: 2, file: 'leavers.csv' });
  });

  it('reads an XLSX file too, and deletes nobody when anyone listed may not be deleted', async () => {
    await create(admin, [{ email: 'e1@acme-bulk.test', branchId: hq }]);
    const content = await xlsx([['e1@acme-bulk.test'], ['admin@acme.test']]);
    const res = await deleteByFile(admin, { name: 'leavers.xlsx', content }, true);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Nobody was deleted: admin@acme.test: You cannot delete yourself/);
    expect(await server.db.query(`SELECT 1 FROM users WHERE email = 'e1@acme-bulk.test'`)).toHaveLength(1);
  });

  it('treats the file as untrusted: wrong type, no emails, and another unit’s people as unknown', async () => {
    const exe = await deleteByFile(admin, { name: 'leavers.exe', content: 'MZ' }, false);
    expect(exe.statusCode).toBe(400);
    expect(exe.json().fields).toHaveProperty('file');
    const fake = await deleteByFile(admin, { name: 'leavers.xlsx', content: 'not a zip' }, false);
    expect(fake.statusCode).toBe(400);
    const none = await deleteByFile(admin, { name: 'leavers.csv', content: 'Email\n\nnot-an-email\n' }, false);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('The file lists no emails');
    const buAdmin = await server.signIn(ACME, 'buadmin@acme.test');
    const other = await deleteByFile(buAdmin, { name: 'l.csv', content: 'employee@acme.test\n' }, true);
    expect(other.json()).toMatchObject({ matched: 0, deleted: 0, unknown: ['employee@acme.test'] });
  });
});
