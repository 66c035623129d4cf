import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../server/platform/clock';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import {
  buildCommittee,
  buildUser,
  buildWorkspace,
  type BuiltCommittee,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';

const CASE = '/case-api/api';
type Method = 'GET' | 'POST' | 'PUT';

/**
 * IN-05 (docs/law.md): the respondent sends their own written reply from their case page ("Send my reply"). It goes to
 * the committee in the respondent's thread, stops the reply clock on the workspace's day and is kept in the case's log.
 * Nobody but that case's respondent sends it (not the complainant, not another case's respondent, not an admin, not the
 * committee), and it is sent once.
 */
describe.each(DATABASES)("the respondent's own reply on %s", (kind) => {
  const clock = new ManualClock('2026-10-05T06:00:00Z');
  let server: TestServer;
  let ws: BuiltWorkspace;
  let committee: BuiltCommittee;
  let complainant: BuiltUser;
  let respondent: BuiltUser;
  let otherRespondent: BuiltUser;
  let caseId: string;
  let otherCaseId: string;

  const call = (method: Method, url: string, token: string, payload?: object) =>
    server.request(ws.host, { method, url: `${CASE}${url}`, token, ...(payload ? { payload } : {}) });
  const ok = async (method: Method, url: string, token: string, payload?: object) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const send = (id: string, token: string, reply = 'I deny this; my witnesses are A. Rao and B. Shah.') =>
    call('POST', `/complaints/${id}/my-reply`, token, { reply });
  const file = async (by: BuiltUser, against: BuiltUser) =>
    (
      await ok('POST', '/complaints', by.token, {
        complainant: { name: `${by.firstName} ${by.lastName}`, email: by.email, gender: 'WOMAN' },
        respondent: { name: `${against.firstName} ${against.lastName}`, email: against.email, gender: 'MAN' },
        incident: { details: 'Remarks about my appearance in every stand-up.', date: '2026-09-30', witnesses: [] },
      })
    ).complaintId as string;
  /** "Inform respondent": the copy of the complaint goes to the respondent on 5 October. */
  const copySent = (id: string) =>
    server.db.tenant(ws.id, (tx) =>
      tx.query(`UPDATE complaints SET respondent_copy_sent_on = '2026-10-05' WHERE workspace_id = $1 AND id = $2`, [
        ws.id,
        id,
      ]),
    );
  const replyClock = async () =>
    (await ok('GET', `/complaints/${caseId}`, committee.presiding.token)).clocks.find(
      (c: { id: string }) => c.id === 'IN_RESPONDENT_REPLY',
    );

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { clock });
    ws = await buildWorkspace(server);
    committee = await buildCommittee(server, ws);
    complainant = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
    respondent = await buildUser(server, ws, { firstName: 'Rahul', lastName: 'Respondent' });
    otherRespondent = await buildUser(server, ws, { firstName: 'Ravi', lastName: 'Other' });
    caseId = await file(complainant, respondent);
    otherCaseId = await file(complainant, otherRespondent);
    await copySent(otherCaseId);
  }, 300_000);
  afterAll(async () => server?.close());

  it('is not there for the respondent before the copy of the complaint reached them', async () => {
    expect((await send(caseId, respondent.token)).statusCode).toBe(404);
    expect((await replyClock()).state).toBe('NOT_STARTED');
  });

  it('shows the respondent the day their reply is due once the copy went', async () => {
    await copySent(caseId);
    clock.set('2026-10-09T06:00:00Z');
    const mine = await ok('GET', `/complaints/${caseId}`, respondent.token);
    expect(mine.role).toBe('RESPONDENT');
    expect(mine.ownReply).toEqual({ dueOn: (await replyClock()).dueOn, repliedOn: null });
    expect(mine.ownReply.dueOn).toMatch(/^2026-10-\d\d$/);
    const theirs = await ok('GET', `/complaints/${caseId}`, complainant.token);
    expect(theirs.ownReply ?? null).toBeNull();
  });

  it("refuses the complainant, the committee, another case's respondent, an admin and another workspace", async () => {
    const byComplainant = await send(caseId, complainant.token);
    expect(byComplainant.statusCode).toBe(403);
    expect(byComplainant.json()).toMatchObject({ code: 'NOT_RESPONDENT', message: expect.stringContaining('IN-05') });
    expect((await send(caseId, committee.presiding.token)).statusCode).toBe(403);
    expect((await send(caseId, otherRespondent.token)).statusCode).toBe(404);
    expect((await send(caseId, ws.admin.token)).statusCode).toBe(404);
    const stranger = await buildWorkspace(server);
    expect([401, 404]).toContain(
      (
        await server.request(stranger.host, {
          method: 'POST',
          url: `${CASE}/complaints/${caseId}/my-reply`,
          token: stranger.admin.token,
          payload: { reply: 'Not mine to send' },
        })
      ).statusCode,
    );
    expect((await send(caseId, respondent.token, '   ')).statusCode).toBe(400);
    expect(
      (
        await call('POST', `/complaints/${caseId}/my-reply`, respondent.token, {
          reply: 'Hi',
          receivedOn: '2026-10-01',
        })
      ).statusCode,
    ).toBe(400);
    expect((await replyClock()).state).not.toMatch(/^MET/);
  });

  it('goes to the committee, stops the reply clock on the day it was sent, and is kept in the case log', async () => {
    const res = await send(caseId, respondent.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ownReply).toMatchObject({ repliedOn: '2026-10-09' });
    expect(await replyClock()).toMatchObject({ state: 'MET', metOn: '2026-10-09' });
    const seen = await ok('GET', `/complaints/${caseId}`, committee.presiding.token);
    expect(seen.messages.find((m: { audience: string; body: string }) => m.audience === 'RESPONDENT')?.body).toContain(
      'my witnesses are A. Rao',
    );
    const log = await server.db.tenant(ws.id, (tx) =>
      tx.query<{ details: Record<string, string>; actor_user_id: string }>(
        `SELECT details, actor_user_id FROM complaint_audit_events WHERE workspace_id = $1 AND complaint_id = $2 AND action = 'respondent.reply.recorded'`,
        [ws.id, caseId],
      ),
    );
    expect(log).toHaveLength(1);
    expect(log[0].actor_user_id).toBe(respondent.id);
    expect(log[0].details).toMatchObject({ receivedOn: '2026-10-09', by: 'RESPONDENT' });
    const mails = await server.db.query<{ recipient: string }>(
      `SELECT recipient FROM outbox_messages WHERE recipient = $1 AND subject LIKE 'A new message on case%'`,
      [committee.presiding.email],
    );
    expect(mails.length).toBeGreaterThan(0);
  });

  it('is refused once recorded, naming IN-05, and the day stays', async () => {
    clock.set('2026-10-12T06:00:00Z');
    const again = await send(caseId, respondent.token, 'A second reply');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ALREADY_REPLIED',
      fields: { reply: expect.stringContaining('IN-05') },
    });
    expect((await replyClock()).metOn).toBe('2026-10-09');
  });
});
