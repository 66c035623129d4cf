import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_CASE_DAILY } from '../../../server/case/complaints/case-jobs';
import { ManualClock } from '../../../server/platform/clock';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import {
  buildCanadianWorkspace,
  buildUser,
  buildWorkspace,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';

const URL = '/case-api/api/committee-disagreements';

/**
 * CA-09 / CA-12 (docs/law.md): the employer's disagreements with the workplace committee, recorded by an admin or an
 * employer, listed with their days, kept 10 years: a delete before is refused naming CA-09, the daily job leaves them,
 * and nobody else of the workspace (an employee, a committee member) reads or writes them.
 */
describe.each(DATABASES)('disagreements with the committee on %s', (kind) => {
  const clock = new ManualClock('2026-11-20T10:00:00Z');
  let server: TestServer;
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  let employer: BuiltUser;
  let employee: BuiltUser;
  let recipient: BuiltUser;
  let recordedId = '';

  const call = (method: 'GET' | 'POST' | 'DELETE', token: string, path = '', payload?: unknown, host = ws.host) =>
    server.request(host, { method, url: `${URL}${path}`, token, ...(payload ? { payload } : {}) });
  const disagreement = {
    subject: 'Lighting in the night-shift car park',
    committeePosition: 'The committee asks for lights and a guard before the winter shift.',
    employerPosition: 'Lights this year; a guard is beyond this year’s budget.',
    occurredOn: '2026-11-03',
  };

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { clock, jobs: true });
    ({ ws, recipient } = await buildCanadianWorkspace(server));
    other = await buildWorkspace(server, { jurisdictionCode: 'CA-FED' });
    employer = await buildUser(server, ws, { role: 'EMPLOYER', firstName: 'Emma', lastName: 'Employer' });
    employee = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
  }, 300_000);
  afterAll(async () => server?.close());

  it('lets the admin record one and the employer list it, with its days and the day it is kept until', async () => {
    const recorded = await call('POST', ws.admin.token, '', disagreement);
    expect(recorded.statusCode, recorded.body).toBe(200);
    recordedId = recorded.json().id;
    expect(recorded.json()).toMatchObject({
      ...disagreement,
      recordedOn: '2026-11-20',
      recordedByName: 'Ada Admin',
      keptUntil: '2036-11-20',
    });
    const second = await call('POST', employer.token, '', {
      ...disagreement,
      subject: 'Who chairs the joint review',
      occurredOn: '2026-11-10',
    });
    expect(second.statusCode, second.body).toBe(200);
    const list = await call('GET', employer.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((d: { subject: string; occurredOn: string }) => [d.subject, d.occurredOn])).toEqual([
      ['Who chairs the joint review', '2026-11-10'],
      ['Lighting in the night-shift car park', '2026-11-03'],
    ]);
  });

  it('refuses a future day, or a side left blank, naming the field', async () => {
    const future = await call('POST', ws.admin.token, '', { ...disagreement, occurredOn: '2026-12-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().fields).toHaveProperty('occurredOn');
    const blank = await call('POST', ws.admin.token, '', { ...disagreement, committeePosition: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toHaveProperty('committeePosition');
    expect((await call('POST', ws.admin.token, '', { subject: 'No sides given' })).statusCode).toBe(400);
  });

  it('refuses an employee and a committee member, to read or to write', async () => {
    for (const who of [employee, recipient]) {
      expect((await call('GET', who.token)).statusCode).toBe(403);
      expect((await call('POST', who.token, '', disagreement)).statusCode).toBe(403);
      expect((await call('DELETE', who.token, `/${recordedId}`)).statusCode).toBe(403);
    }
  });

  it('refuses a delete before 10 years naming CA-09, and another workspace reaches none of them', async () => {
    const kept = await call('DELETE', ws.admin.token, `/${recordedId}`);
    expect(kept.statusCode).toBe(409);
    expect(kept.json()).toMatchObject({ code: 'RECORD_KEPT', message: expect.stringMatching(/^CA-09: .*2036-11-20/) });
    const foreign = await call('DELETE', other.admin.token, `/${recordedId}`, undefined, other.host);
    expect(foreign.statusCode).toBe(404);
    expect((await call('GET', other.admin.token, '', undefined, other.host)).json().items).toEqual([]);
    // The other workspace's admin token is worthless at this workspace.
    expect((await call('GET', other.admin.token)).statusCode).toBe(401);
    expect((await call('GET', ws.admin.token)).json().items).toHaveLength(2);
  });

  it('is left by the daily job, and may be deleted once its 10 years have run', async () => {
    clock.set('2036-11-19T10:00:00Z');
    await server.jobs!.send(JOB_CASE_DAILY, { workspaceId: ws.id, day: '2036-11-19' });
    expect((await server.jobs!.runPending()).failed).toBe(0);
    expect((await call('GET', ws.admin.token)).json().items).toHaveLength(2);
    expect((await call('DELETE', ws.admin.token, `/${recordedId}`)).statusCode).toBe(409);
    clock.set('2036-11-20T10:00:00Z');
    const gone = await call('DELETE', ws.admin.token, `/${recordedId}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await call('GET', ws.admin.token)).json().items).toHaveLength(1);
  });
});
