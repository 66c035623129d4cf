import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantBatch, type Sql } from '../../../server/platform/db/database';
import { userIdByEmail } from '../../../server/case/complaints/intake.repository';
import { findByIdentities, findByIdentity, listUsers } from '../../../server/main/scim/scim.repository';
import { accountsByEmail, peopleByEmail } from '../../../server/main/invitations/invite-management.repository';
import {
  buildScopedApiKey,
  buildUser,
  buildWorkspace,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';

// Invitations, SCIM and intake find people by email through `user_ids_by_email` (migration 0177), a function that runs
// as the tables' owner so that the email index serves it under row-level security. It must still answer for the
// transaction's workspace alone: another workspace's id passed in, or no tenant transaction, answers nothing.
describe.each(DATABASES)('the email lookups of invitations, SCIM and intake on %s', (kind) => {
  let server: TestServer;
  let ours: BuiltWorkspace;
  let theirs: BuiltWorkspace;
  let theirPerson: BuiltUser;
  let ourPerson: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer(kind);
    ours = await buildWorkspace(server);
    theirs = await buildWorkspace(server);
    ourPerson = await buildUser(server, ours);
    theirPerson = await buildUser(server, theirs);
  });
  afterAll(async () => server?.close());

  const lookup = (transactionOf: string, asked: string, emails: string[]) =>
    tenantBatch(server.db, transactionOf, [
      { text: `SELECT id, email FROM user_ids_by_email($1::uuid, $2::text[])`, params: [asked, emails] },
    ]).then(([rows]) => rows as { id: string; email: string }[]);

  it("answers the transaction's workspace's people in any case, once each, and nothing of another workspace's even when named", async () => {
    const theirs_ = theirPerson.email.toLowerCase();
    expect(await lookup(theirs.id, theirs.id, [theirPerson.email.toUpperCase(), theirs_, 'nobody@x.test'])).toEqual([
      { id: theirPerson.id, email: theirs_ },
    ]);
    // Our workspace's transaction asking with their workspace's id: the function applies the tenant policy itself.
    expect(await lookup(ours.id, theirs.id, [theirs_])).toEqual([]);
    // Our own id with their person's email: not ours.
    expect(await lookup(ours.id, ours.id, [theirs_])).toEqual([]);
    // Outside a tenant transaction (no workspace set), as the owner, it answers nothing either.
    const outside = await server.db.system((tx) =>
      tx.query(`SELECT id FROM user_ids_by_email($1::uuid, $2::text[])`, [theirs.id, [theirs_]]),
    );
    expect(outside).toEqual([]);
  });

  it("gives the repositories nothing of another workspace's people when a caller names that workspace", async () => {
    const email = theirPerson.email.toLowerCase();
    await server.db.tenant(ours.id, async (tx) => {
      expect(await userIdByEmail(tx, theirs.id, email)).toBeNull();
      expect([...(await accountsByEmail(tx, theirs.id, [email])).keys()]).toEqual([]);
      expect(await peopleByEmail(tx, theirs.id, [email], null)).toEqual([]);
      expect(await findByIdentity(tx, theirs.id, email, null)).toEqual([]);
      expect(await findByIdentities(tx, theirs.id, [email], [])).toEqual([]);
      expect((await listUsers(tx, theirs.id, { column: 'email', value: email }, 0, 10)).total).toBe(0);
    });
    await server.db.tenant(theirs.id, async (tx) => {
      expect(await userIdByEmail(tx, theirs.id, theirPerson.email.toUpperCase())).toBe(theirPerson.id);
      expect(await accountsByEmail(tx, theirs.id, [email])).toEqual(new Map([[email, 'ACTIVE']]));
      expect(await peopleByEmail(tx, theirs.id, [email], null)).toEqual([theirPerson.id]);
      expect(await findByIdentity(tx, theirs.id, theirPerson.email.toUpperCase(), null)).toEqual([
        expect.objectContaining({ id: theirPerson.id, deleted: false }),
      ]);
      expect(await findByIdentities(tx, theirs.id, [email], [])).toEqual([
        expect.objectContaining({ id: theirPerson.id, email }),
      ]);
      expect((await listUsers(tx, theirs.id, { column: 'email', value: email }, 0, 10)).rows).toEqual([
        expect.objectContaining({ id: theirPerson.id }),
      ]);
    });
  });

  it("lets an admin invite an address another workspace already holds, and refuses their own workspace's", async () => {
    const invite = (email: string) =>
      server.request(ours.host, {
        method: 'POST',
        url: `/main-api/api/invite/user/${ours.headquartersId}`,
        token: ours.admin.token,
        payload: { email, firstName: 'Same', lastName: 'Address' },
      });
    expect((await invite(ourPerson.email.toUpperCase())).statusCode).toBe(409);
    const other = await invite(theirPerson.email);
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ invited: 1 });
  });

  it("answers a SCIM client's userName filter with its own workspace's person only", async () => {
    const key = await buildScopedApiKey(server, ours, ['scim']);
    const list = async (email: string) => {
      const res = await server.request(ours.host, {
        method: 'GET',
        url: `/scim/v2/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`,
        token: key,
      });
      expect(res.statusCode).toBe(200);
      return res.json() as { totalResults: number; Resources: { id: string }[] };
    };
    const own = await list(ourPerson.email.toUpperCase());
    expect(own.totalResults).toBe(1);
    expect(own.Resources.map((r) => r.id)).toEqual([ourPerson.id]);
    expect((await list(ours.admin.email)).totalResults).toBe(1);
    expect((await list('nobody-here@x.test')).totalResults).toBe(0);
  });

  it("reads a lookup through the email index, not the workspace's users, beside 3,000 people", async () => {
    await server.db.system((tx) =>
      tx.query(
        `INSERT INTO users (workspace_id, email, first_name, last_name, role, branch_id, status)
         SELECT $1, 'bulk-' || g || '@' || $2 || '.test', 'Bulk', 'Person ' || g, 'EMPLOYEE', $3, 'INVITED'
           FROM generate_series(1, 3000) g`,
        [ours.id, ours.slug, ours.headquartersId],
      ),
    );
    await server.db.system((tx) => tx.query(`ANALYZE users`));
    const emails = [ourPerson.email.toLowerCase(), `bulk-7@${ours.slug}.test`];
    const usersRead = async (lookup: (tx: Sql) => Promise<unknown>) =>
      server.db.tenant(ours.id, async (tx) => {
        // The counters not yet flushed to the statistics (they may hold earlier transactions' too): the difference.
        const counted = async () => {
          const [stats] = await tx.query<{ n: string }>(
            `SELECT coalesce(sum(seq_tup_read + idx_tup_fetch), 0) AS n
               FROM pg_stat_xact_user_tables WHERE relname = 'users'`,
          );
          return Number(stats.n);
        };
        const before = await counted();
        await lookup(tx);
        return (await counted()) - before;
      });
    // The form before, on users directly: row-level security keeps lower(email) off the index, so it reads every one
    // of the workspace's 3,000 people.
    expect(
      await usersRead((tx) =>
        tx.query(`SELECT status FROM users WHERE workspace_id = $1 AND lower(email) = ANY($2::text[])`, [
          ours.id,
          emails,
        ]),
      ),
    ).toBeGreaterThanOrEqual(3000);
    // Through the email index: a handful of rows (the two people, by email then by id).
    expect(await usersRead((tx) => accountsByEmail(tx, ours.id, emails))).toBeLessThan(300);
    expect(await usersRead((tx) => peopleByEmail(tx, ours.id, emails, null))).toBeLessThan(300);
    expect(await usersRead((tx) => userIdByEmail(tx, ours.id, emails[1]))).toBeLessThan(300);
    expect(await usersRead((tx) => findByIdentity(tx, ours.id, emails[1], null))).toBeLessThan(300);
    expect(await usersRead((tx) => findByIdentities(tx, ours.id, emails, []))).toBeLessThan(300);
    expect(await usersRead((tx) => listUsers(tx, ours.id, { column: 'email', value: emails[1] }, 0, 10))).toBeLessThan(
      300,
    );
  });
});
