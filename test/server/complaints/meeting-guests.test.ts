import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import {
  buildCommittee,
  buildComplaint,
  buildPublishedWorkflow,
  buildUser,
  buildWorkspace,
  type BuiltCommittee,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';

const HOUR = 3_600_000;

/**
 * A meeting's guests picked from the workspace's directory (docs/case.md "Meetings"): the committee names people by
 * id and the server reads their addresses; an outside address may still be typed. A person of another workspace, or
 * an id of nobody, is refused: a committee cannot mail a stranger's account through its meeting form.
 */
describe.each(DATABASES)('meeting guests on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  let complainant: BuiltUser;
  let colleague: BuiltUser;
  let stranger: BuiltUser;
  let committee: BuiltCommittee;
  let caseId: string;

  const schedule = (payload: Record<string, unknown>, token = committee.presiding.token) => {
    const start = Date.now() + 24 * HOUR;
    return server.request(ws.host, {
      method: 'POST',
      url: `/case-api/api/complaints/${caseId}/meetings`,
      token,
      payload: {
        title: 'Preliminary hearing',
        agenda: 'Hear the complainant',
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + HOUR).toISOString(),
        location: 'Room 4',
        ...payload,
      },
    });
  };
  const invitationsTo = async (email: string) =>
    server.db.query<{ subject: string }>(
      `SELECT subject FROM outbox_messages WHERE lower(recipient) = lower($1) AND subject LIKE 'Invitation: %'`,
      [email],
    );

  beforeAll(async () => {
    server = await startTestServer(kind, { complaintsPerDay: 100 });
    [ws, other] = [await buildWorkspace(server), await buildWorkspace(server)];
    complainant = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
    colleague = await buildUser(server, ws, { firstName: 'Carl', lastName: 'Colleague' });
    stranger = await buildUser(server, other, { firstName: 'Sam', lastName: 'Stranger' });
    committee = await buildCommittee(server, ws);
    await buildPublishedWorkflow(server, ws);
    caseId = await buildComplaint(server, ws, complainant);
  }, 300_000);
  afterAll(async () => server?.close());

  it('invites people picked by id at their address, beside an outside address typed', async () => {
    const res = await schedule({
      people: [complainant.id, committee.members[0].id],
      guests: ['Advisor@Outside.example'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().guests.slice().sort()).toEqual(
      [complainant.email, committee.members[0].email, 'advisor@outside.example'].map((e) => e.toLowerCase()).sort(),
    );
    expect(await invitationsTo(complainant.email)).toEqual([
      expect.objectContaining({ subject: expect.stringMatching(/^Invitation: Preliminary hearing/) }),
    ]);
  });

  it('refuses a person of another workspace, and mails nobody', async () => {
    const res = await schedule({ people: [colleague.id, stranger.id], guests: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'unknown-person', fields: { people: expect.any(String) } });
    expect(await invitationsTo(stranger.email)).toEqual([]);
    expect(await invitationsTo(colleague.email)).toEqual([]);
  });

  it('refuses an id of nobody, and a meeting with no guest at all', async () => {
    const nobody = await schedule({ people: ['00000000-0000-4000-8000-000000000000'] });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().code).toBe('unknown-person');
    const none = await schedule({ people: [], guests: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toMatchObject({ guests: 'Invite at least one guest' });
  });

  it('still refuses a person outside the committee scheduling, whoever they pick', async () => {
    const res = await schedule({ people: [colleague.id] }, colleague.token);
    expect([403, 404]).toContain(res.statusCode);
    expect(await invitationsTo(colleague.email)).toEqual([]);
  });
});
