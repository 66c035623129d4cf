import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateStatement } from '../../../server/main/auth/sign-in.repository';
import { tenantBatch } from '../../../server/platform/db/database';
import { buildUser, buildWorkspace, type BuiltUser, type BuiltWorkspace } from '../support/factories';
import { DATABASES, PASSWORD, startTestServer, type TestServer } from '../support/test-app';

// A workspace sign-in reads its account through `sign_in_candidate` (migration 0173), a function that runs as the
// tables' owner so that the email index serves it under row-level security. It must still answer for the transaction's
// workspace alone: a password hash of another workspace's person is never read.
describe.each(DATABASES)('the sign-in account lookup on %s', (kind) => {
  let server: TestServer;
  let ours: BuiltWorkspace;
  let theirs: BuiltWorkspace;
  let theirPerson: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer(kind);
    ours = await buildWorkspace(server);
    theirs = await buildWorkspace(server);
    theirPerson = await buildUser(server, theirs);
  });
  afterAll(async () => server?.close());

  const read = (transactionOf: string, asked: string, email: string) =>
    tenantBatch(server.db, transactionOf, [candidateStatement(asked, { userEmail: email, userPassword: 'x' })]).then(
      ([rows]) => rows as { id: string; email: string; password_hash: string | null }[],
    );

  it("reads the account of the transaction's workspace, and nothing of another workspace's even when named", async () => {
    expect(await read(theirs.id, theirs.id, theirPerson.email.toLowerCase())).toEqual([
      expect.objectContaining({ id: theirPerson.id, email: theirPerson.email }),
    ]);
    expect(await read(ours.id, theirs.id, theirPerson.email.toLowerCase())).toEqual([]);
    // Outside a tenant transaction (no workspace set) it answers nothing either.
    const outside = await server.db.system((tx) =>
      tx.query(`SELECT id FROM sign_in_candidate($1::uuid, $2::text, NULL)`, [
        theirs.id,
        theirPerson.email.toLowerCase(),
      ]),
    );
    expect(outside).toEqual([]);
  });

  it("signs a person in at their workspace by email in any case, and not at another workspace's host", async () => {
    const signIn = (host: string, userEmail: string) =>
      server.request(host, {
        method: 'POST',
        url: '/main-api/api/user/signin',
        payload: { userEmail, userPassword: PASSWORD },
      });
    const res = await signIn(theirs.host, theirPerson.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(theirPerson.email);
    expect((await signIn(ours.host, theirPerson.email)).statusCode).toBe(401);
  });
});
