import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '../../../src/domain/shared/date-time';
import { addCalendarDays } from '../../../src/domain/shared/calendar';
import { POLICY_ELEMENTS } from '../../../src/domain/compliance/prevention-programme';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildWorkspace, type BuiltWorkspace } from '../support/factories';

const CASE = '/case-api/api';

/**
 * CA-09 / CA-12 (docs/law.md): the joint reviews of the prevention policy and of the workplace assessment are records
 * kept 10 years. A manager who tries to clear a review recorded, or to move it to an earlier day, is refused naming
 * CA-09 and the field; a later review is taken, and every review day stays on record.
 */
describe.each(DATABASES)('the prevention programme kept 10 years on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  const today = () => localDay(new Date(), 'America/Toronto');
  const save = (policyReviewedOn: string | null, assessmentReviewedOn: string | null) =>
    server.request(ws.host, {
      method: 'PUT',
      url: `${CASE}/prevention-programme`,
      token: ws.admin.token,
      payload: { elements: [...POLICY_ELEMENTS], policyReviewedOn, assessmentReviewedOn },
    });
  const kept = () =>
    server.db.tenant(ws.id, (tx) =>
      tx.query<{ kind: string; on: string }>(
        `SELECT kind, reviewed_on::text AS on FROM prevention_reviews WHERE workspace_id = $1 ORDER BY kind, reviewed_on`,
        [ws.id],
      ),
    );

  beforeAll(async () => {
    server = await startTestServer(kind);
    ws = await buildWorkspace(server, { jurisdictionCode: 'CA-FED' });
  }, 300_000);
  afterAll(async () => server?.close());

  it('refuses to clear a recorded review or move it earlier, naming CA-09 and the field', async () => {
    const first = await save(addCalendarDays(today(), -400), addCalendarDays(today(), -300));
    expect(first.statusCode, first.body).toBe(200);
    const cleared = await save(null, addCalendarDays(today(), -300));
    expect(cleared.statusCode).toBe(409);
    expect(cleared.json()).toMatchObject({
      code: 'RECORD_KEPT',
      fields: { policyReviewedOn: expect.stringMatching(/^CA-09: /) },
    });
    const earlier = await save(addCalendarDays(today(), -400), addCalendarDays(today(), -301));
    expect(earlier.statusCode).toBe(409);
    expect(Object.keys(earlier.json().fields)).toEqual(['assessmentReviewedOn']);
    const programme = await server.request(ws.host, {
      method: 'GET',
      url: `${CASE}/prevention-programme`,
      token: ws.admin.token,
    });
    expect(programme.json()).toMatchObject({
      policyReviewedOn: addCalendarDays(today(), -400),
      assessmentReviewedOn: addCalendarDays(today(), -300),
    });
  });

  it('takes a later review and keeps every review day on record', async () => {
    const later = await save(addCalendarDays(today(), -10), addCalendarDays(today(), -300));
    expect(later.statusCode, later.body).toBe(200);
    expect(await kept()).toEqual([
      { kind: 'ASSESSMENT', on: addCalendarDays(today(), -300) },
      { kind: 'POLICY', on: addCalendarDays(today(), -400) },
      { kind: 'POLICY', on: addCalendarDays(today(), -10) },
    ]);
  });
});
