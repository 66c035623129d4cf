import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantBatch } from '../../../server/platform/db/database';
import { existingEmailsStatement } from '../../../server/main/imports/imports.repository';
import { buildUser, buildWorkspace, type BuiltUser, type BuiltWorkspace } from '../support/factories';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { csv, post } from './upload';

// The import's and validate's "already a user" check reads users through `existing_user_emails` (migration 0172), a
// function that runs as the tables' owner so that the email index serves it under row-level security. It must still
// answer for the transaction's workspace alone.
describe.each(DATABASES)('the already-a-user check on %s', (kind) => {
  let server: TestServer;
  let ours: BuiltWorkspace;
  let theirs: BuiltWorkspace;
  let ourPerson: BuiltUser;
  let theirPerson: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer(kind);
    ours = await buildWorkspace(server);
    theirs = await buildWorkspace(server);
    ourPerson = await buildUser(server, ours);
    theirPerson = await buildUser(server, theirs);
  });
  afterAll(async () => server?.close());

  it("skips this workspace's people in validate, whatever the case of the email, and not another workspace's", async () => {
    const res = await post(
      server,
      'bulk/validate',
      ours.admin.token,
      {
        name: 'people.csv',
        content: csv(`${ourPerson.email.toUpperCase()},Ann,Ours,,,,,,,,,`, `${theirPerson.email},Bob,Theirs,,,,,,,,,`),
      },
      undefined,
      ours.host,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().validRows).toBe(1);
    expect(res.json().problems).toEqual([
      expect.objectContaining({ row: 2, reason: `${ourPerson.email} is already a user of this workspace` }),
    ]);
  });

  it("answers nothing for another workspace's emails, even when the caller names that workspace", async () => {
    // A tenant transaction of our workspace asking with their workspace's id: the function applies the policy itself.
    const [asked] = (await tenantBatch(server.db, ours.id, [
      existingEmailsStatement(theirs.id, [theirPerson.email.toLowerCase()]),
    ])) as [{ email: string }[]];
    expect(asked).toEqual([]);
    const [own] = (await tenantBatch(server.db, theirs.id, [
      existingEmailsStatement(theirs.id, [theirPerson.email.toLowerCase()]),
    ])) as [{ email: string }[]];
    expect(own).toEqual([{ email: theirPerson.email.toLowerCase() }]);
    // Outside a tenant transaction (no workspace set) it answers nothing either.
    const outside = await server.db.system((tx) =>
      tx.query(`SELECT email FROM existing_user_emails($1::uuid, $2::text[])`, [
        theirs.id,
        [theirPerson.email.toLowerCase()],
      ]),
    );
    expect(outside).toEqual([]);
  });
});
