import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_USER_IMPORT } from '../../../../server/main/invites/import-runner';
import { ManualClock } from '../../../../server/platform/clock';
import { JOB_WEBHOOK_DELIVERIES } from '../../../../server/platform/webhooks/webhook-deliveries';
import { csv, post as postImport, waitForJob } from '../../imports/upload';
import { buildUser, buildWorkspace, type BuiltWorkspace } from '../../support/factories';
import { DATABASES, startTestServer, type TestServer } from '../../support/test-app';
import { Receiver } from '../../support/webhook-receiver';

type Event = { type: string; timestamp: string; data: Record<string, unknown> };

/**
 * The data of each event type as a receiver gets it: every request verified with the `standardwebhooks` package and
 * the endpoint's secret, its fields asserted (docs/webhooks.md "Events").
 */
describe.each(DATABASES)('webhook events on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  const receiver = new Receiver();
  // The delivery job reads this clock; a minute ahead, so that events written now are due.
  const clock = new ManualClock(new Date(Date.now() + 60_000));

  beforeAll(async () => {
    await receiver.start();
    server = await startTestServer(kind, { webhooks: { allowPrivate: true } }, { jobs: true, clock });
    ws = await buildWorkspace(server);
    clock.set(new Date(Date.now() + 60_000));
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await receiver.stop();
  });

  const register = async (events: string[], path: string, w = ws) => {
    const res = await server.request(w.host, {
      method: 'POST',
      url: '/main-api/api/webhooks',
      token: w.admin.token,
      payload: { url: `${receiver.url}${path}`, events },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { endpoint: { id: string }; secret: string };
  };
  const runDeliveries = async () => {
    await server.jobs!.send(JOB_WEBHOOK_DELIVERIES, {});
    expect((await server.jobs!.runPending([JOB_WEBHOOK_DELIVERIES])).failed).toBe(0);
  };
  /** What the receiver got at `path` since `from` events, after the delivery job ran. */
  const delivered = async (path: string, secret: string, from = 0): Promise<Event[]> => {
    await runDeliveries();
    return receiver.events<Event>(path, secret).slice(from);
  };
  const admin = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
    server.request(ws.host, { method, url: `/main-api${url}`, token: ws.admin.token, payload });

  describe('person.provisioned and person.deprovisioned', () => {
    let secret: string;
    let scimKey: string;
    const PATH = '/people';
    let seen = 0;
    /** The events since the last call. */
    const next = async () => {
      const events = await delivered(PATH, secret, seen);
      seen += events.length;
      return events;
    };
    const scim = async (method: string, path: string, body?: unknown) => {
      const res = await server.request(ws.host, {
        method: method as 'GET',
        url: `/scim/v2${path}`,
        token: scimKey,
        headers: { 'content-type': 'application/scim+json' },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      return { status: res.statusCode, body: res.body ? res.json() : null };
    };
    const keysOf = (e: Event) => Object.keys(e.data).sort();

    beforeAll(async () => {
      ({ secret } = await register(['person.provisioned', 'person.deprovisioned'], PATH));
      const key = await admin('POST', '/api/api-keys', { name: 'Entra', scopes: ['scim'], expiresInDays: 30 });
      scimKey = key.json().secret;
    });

    it('from SCIM: created, deactivated by Entra ID, reactivated, deleted; each with id, email and externalId only', async () => {
      const email = `nisha.kapoor.${Date.now()}@${ws.slug}.test`;
      const created = await scim('POST', '/Users', {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName: email,
        externalId: 'entra-0001',
        active: true,
        name: { givenName: 'Nisha', familyName: 'Kapoor' },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.id as string;
      const patch = (value: unknown) =>
        scim('PATCH', `/Users/${id}`, {
          schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
          Operations: [{ op: 'Replace', path: 'active', value }],
        });
      expect((await patch('False')).status).toBe(200);
      expect((await patch('True')).status).toBe(200);
      expect((await scim('DELETE', `/Users/${id}`)).status).toBe(204);

      const events = await next();
      const person = { userId: id, email, externalId: 'entra-0001' };
      expect(events.map((e) => [e.type, e.data])).toEqual([
        ['person.provisioned', { ...person, status: 'ACTIVE' }],
        ['person.deprovisioned', { ...person, deleted: false }],
        ['person.provisioned', { ...person, status: 'ACTIVE' }],
        ['person.deprovisioned', { ...person, deleted: true }],
      ]);
      for (const e of events) {
        expect(e.timestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
        // No name: the receiver has the id, the address and the provider's own id.
        expect(JSON.stringify(e)).not.toMatch(/Nisha|Kapoor/);
      }
      // A change SCIM refuses writes no event: the last active workspace admin is never deprovisioned.
      const refused = await scim('PATCH', `/Users/${ws.admin.id}`, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'replace', value: { active: false } }],
      });
      expect(refused.status).toBe(409);
      expect(await next()).toEqual([]);
    });

    it('from the admin paths: an invitation sent and accepted, a deactivation and reactivation, a deletion', async () => {
      const person = await buildUser(server, ws, { firstName: 'Rahul', lastName: 'Verma' });
      const invited = await next();
      expect(invited.map((e) => [e.type, e.data])).toEqual([
        ['person.provisioned', { userId: person.id, email: person.email, externalId: null, status: 'INVITED' }],
        ['person.provisioned', { userId: person.id, email: person.email, externalId: null, status: 'ACTIVE' }],
      ]);

      expect((await admin('POST', `/api/user/update/${person.id}`, { status: 'INACTIVE' })).statusCode).toBe(200);
      expect((await admin('POST', `/api/user/update/${person.id}`, { status: 'ACTIVE' })).statusCode).toBe(200);
      // A change of details alone is neither.
      expect((await admin('POST', `/api/user/update/${person.id}`, { designation: 'Analyst' })).statusCode).toBe(200);
      expect((await admin('DELETE', `/api/user/${person.id}`)).statusCode).toBe(200);
      const events = await next();
      const who = { userId: person.id, email: person.email, externalId: null };
      expect(events.map((e) => [e.type, e.data])).toEqual([
        ['person.deprovisioned', { ...who, deleted: false }],
        ['person.provisioned', { ...who, status: 'ACTIVE' }],
        ['person.deprovisioned', { ...who, deleted: true }],
      ]);
      for (const e of [...invited, ...events]) {
        expect(keysOf(e)).toEqual(
          e.type === 'person.provisioned'
            ? ['email', 'externalId', 'status', 'userId']
            : ['deleted', 'email', 'externalId', 'userId'],
        );
        expect(JSON.stringify(e)).not.toMatch(/Rahul|Verma/);
      }
    });

    it('from an import: one event per person created, in the batch that creates them', async () => {
      const stamp = Date.now();
      const emails = [1, 2, 3].map((i) => `imported.${stamp}.${i}@${ws.slug}.test`);
      const res = await postImport(
        server,
        'bulk',
        ws.admin.token,
        { name: 'people.csv', content: csv(...emails.map((e, i) => `${e},Imported${i},Person,,,,,,,,,`)) },
        undefined,
        ws.host,
      );
      expect(res.statusCode, res.body).toBe(202);
      expect((await server.jobs!.runPending([JOB_USER_IMPORT])).failed).toBe(0);
      expect(await waitForJob(server, ws.admin.token, res.json().jobId, ws.host)).toMatchObject({ created: 3 });
      const events = await next();
      expect(events.map((e) => e.type)).toEqual(['person.provisioned', 'person.provisioned', 'person.provisioned']);
      expect(events.map((e) => e.data.email).sort()).toEqual(emails.sort());
      for (const e of events) expect(e.data).toMatchObject({ status: 'INVITED', externalId: null });
    });
  });
});
