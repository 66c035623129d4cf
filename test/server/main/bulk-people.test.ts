import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, xlsx } from '../imports/upload';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import {
  buildBusinessUnit,
  buildUnitUser,
  buildUser,
  buildWorkspace,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';

describe.each(DATABASES)('creating and deleting people in bulk on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let hq: string;
  let pune: string;
  let ws: BuiltWorkspace;
  let ACME: string;
  /** A person of the headquarters, and the admin of another business unit. */
  let employee: BuiltUser;
  let puneAdmin: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer(kind);
    ws = await buildWorkspace(server);
    ACME = ws.host;
    admin = await server.signIn(ACME, ws.admin.email);
    hq = ws.headquartersId;
    employee = await buildUser(server, ws);
    pune = (await buildBusinessUnit(server, ws, { name: 'Pune' })).id;
    puneAdmin = await buildUnitUser(server, ws, pune, { role: 'BRANCH_ADMIN' });
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
      { email: employee.email, branchId: hq },
    ]);
    expect(res.json()).toEqual({
      created: 2,
      skipped: [{ email: employee.email, reason: 'Already has an account here' }],
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
    const buAdmin = await server.signIn(ACME, puneAdmin.email);
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
    const content = await xlsx([['e1@acme-bulk.test'], [ws.admin.email]]);
    const res = await deleteByFile(admin, { name: 'leavers.xlsx', content }, true);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(`Nobody was deleted: ${ws.admin.email}: You cannot delete yourself`);
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
    const buAdmin = await server.signIn(ACME, puneAdmin.email);
    const other = await deleteByFile(buAdmin, { name: 'l.csv', content: `${employee.email}\n` }, true);
    expect(other.json()).toMatchObject({ matched: 0, deleted: 0, unknown: [employee.email] });
  });
});
