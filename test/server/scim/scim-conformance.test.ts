import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCommittee,
  buildComplaint,
  buildPublishedWorkflow,
  buildScopedApiKey,
  buildUser,
  buildWorkspace,
  type BuiltWorkspace,
} from '../support/factories';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

/**
 * The request sequences Entra ID and Okta send (their SCIM provisioning documentation), answered as RFC 7644 says:
 * a person created, updated, moved between groups, deactivated and deleted, on both databases.
 */
describe.each(DATABASES)('SCIM 2.0 provisioning on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let key: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    ws = await buildWorkspace(server);
    key = await buildScopedApiKey(server, ws, ['scim']);
  });
  afterAll(async () => server?.close());

  async function scim(method: string, path: string, body?: unknown, as = key, host = ws.host) {
    const res = await server.request(host, {
      method: method as 'GET',
      url: `/scim/v2${path}`,
      token: as,
      headers: { 'content-type': 'application/scim+json', accept: 'application/scim+json' },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return {
      status: res.statusCode,
      type: String(res.headers['content-type'] ?? ''),
      body: res.body ? res.json() : null,
    };
  }

  const q = (filter: string) => encodeURIComponent(filter);

  async function sessionAlive(host: string, token: string): Promise<boolean> {
    const res = await server.request(host, { method: 'GET', url: '/main-api/api/user/details', token });
    return res.statusCode === 200;
  }

  async function auditActions(target: string): Promise<{ action: string; actor_api_key_id: string | null }[]> {
    return server.db.system((tx) =>
      tx.query(
        `SELECT action, actor_api_key_id FROM audit_events WHERE workspace_id = $1 AND target = $2 ORDER BY at`,
        [ws.id, target],
      ),
    );
  }

  it('describes itself: ServiceProviderConfig, ResourceTypes, Schemas', async () => {
    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.type).toContain('application/scim+json');
    expect(config.body.patch.supported).toBe(true);
    const types = await scim('GET', '/ResourceTypes');
    expect(types.body.Resources.map((r: { id: string }) => r.id)).toEqual(['User', 'Group']);
    const schemas = await scim('GET', '/Schemas');
    expect(schemas.body.Resources.map((r: { id: string }) => r.id)).toEqual(
      expect.arrayContaining([USER, ENTERPRISE, 'urn:ietf:params:scim:schemas:core:2.0:Group']),
    );
  });

  it('Entra ID: creates, updates, sets the manager, moves between groups, deactivates and deletes a person', async () => {
    const userName = `nina.rao.${Date.now()}@${ws.slug}.test`;
    // Entra first looks the person up by userName, then creates.
    const found = await scim('GET', `/Users?filter=${q(`userName eq "${userName}"`)}`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ totalResults: 0, Resources: [] });

    const created = await scim('POST', '/Users', {
      schemas: [USER, ENTERPRISE],
      externalId: 'entra-0001',
      userName,
      active: true,
      displayName: 'Nina Rao',
      emails: [{ primary: true, type: 'work', value: userName }],
      meta: { resourceType: 'User' },
      name: { formatted: 'Nina Rao', familyName: 'Rao', givenName: 'Nina' },
      roles: [],
      [ENTERPRISE]: { employeeNumber: 'E-100', department: 'Finance' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    expect(created.body).toMatchObject({
      userName,
      externalId: 'entra-0001',
      active: true,
      name: { givenName: 'Nina', familyName: 'Rao' },
      [ENTERPRISE]: { department: 'Finance', employeeNumber: 'E-100' },
      meta: { resourceType: 'User' },
    });
    expect((await scim('GET', `/Users?filter=${q('externalId eq "entra-0001"')}`)).body.totalResults).toBe(1);
    // The same person again: 409 uniqueness.
    const again = await scim('POST', '/Users', { schemas: [USER], userName, externalId: 'entra-0001' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ schemas: [ERROR], status: '409', scimType: 'uniqueness' });

    // Update: Entra's op in any case, a filtered email path.
    const newName = `nina.menon.${Date.now()}@${ws.slug}.test`;
    const updated = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: newName },
        { op: 'Replace', path: 'userName', value: newName },
        { op: 'Replace', path: 'name.familyName', value: 'Menon' },
        { op: 'Add', path: 'title', value: 'Analyst' },
      ],
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ userName: newName, name: { familyName: 'Menon' }, title: 'Analyst' });

    // Manager: the enterprise extension's attribute, the manager's id as the value.
    const manager = await buildUser(server, ws, { role: 'EMPLOYEE' });
    const managed = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Add', path: `${ENTERPRISE}:manager`, value: manager.id }],
    });
    expect(managed.status, JSON.stringify(managed.body)).toBe(200);
    expect(managed.body[ENTERPRISE].manager).toEqual({ value: manager.id });

    // Groups are departments by default: Entra looks the group up, creates it, adds the member.
    const sales = await scim('GET', `/Groups?excludedAttributes=members&filter=${q('displayName eq "Sales"')}`);
    expect(sales.body.totalResults).toBe(0);
    const group = await scim('POST', '/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      externalId: 'grp-sales',
      displayName: 'Sales',
      members: [],
    });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    const added = await scim('PATCH', `/Groups/${group.body.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: id }] }],
    });
    expect(added.status).toBe(200);
    expect((await scim('GET', `/Users/${id}`)).body[ENTERPRISE].department).toBe('Sales');
    // Moved: out of Sales, into a new Support group.
    const support = await scim('POST', '/Groups', { schemas: [], displayName: 'Support', members: [] });
    await scim('PATCH', `/Groups/${group.body.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Remove', path: 'members', value: [{ value: id }] }],
    });
    await scim('PATCH', `/Groups/${support.body.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: id }] }],
    });
    expect((await scim('GET', `/Users/${id}`)).body[ENTERPRISE].department).toBe('Support');
    expect((await scim('GET', `/Groups/${group.body.id}`)).body.members).toEqual([]);
    expect(
      (await scim('GET', `/Groups/${support.body.id}`)).body.members.map((m: { value: string }) => m.value),
    ).toEqual([id]);

    // Deactivated: the string "False".
    const off = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);

    // Deleted: 204, then 404; the row stays, inactive.
    expect((await scim('DELETE', `/Users/${id}`)).status).toBe(204);
    const gone = await scim('GET', `/Users/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ schemas: [ERROR], status: '404' });
    const [kept] = await server.db.system((tx) =>
      tx.query<{ status: string }>(`SELECT status FROM users WHERE id = $1`, [id]),
    );
    expect(kept.status).toBe('INACTIVE');

    const trail = await auditActions(id);
    expect(trail.map((t) => t.action)).toEqual([
      'scim.user.created',
      'scim.user.patched',
      'scim.user.patched',
      'scim.user.deactivated',
      'scim.user.deleted',
    ]);
    expect(new Set(trail.map((t) => t.actor_api_key_id)).size).toBe(1);
    expect(trail[0].actor_api_key_id).not.toBeNull();
  });

  it('Entra ID: matches an existing person by userName, and deactivating them ends every session at once', async () => {
    const person = await buildUser(server, ws, { role: 'EMPLOYEE' });
    expect(await sessionAlive(ws.host, person.token)).toBe(true);
    const found = await scim('GET', `/Users?filter=${q(`userName eq "${person.email.toUpperCase()}"`)}`);
    expect(found.body.totalResults).toBe(1);
    const id = found.body.Resources[0].id;
    const off = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(off.status).toBe(200);
    expect(await sessionAlive(ws.host, person.token)).toBe(false);
    const signIn = await server.request(ws.host, {
      method: 'POST',
      url: '/main-api/api/user/signin',
      payload: { userEmail: person.email, userPassword: 'Demo-passphrase-2026' },
    });
    expect(signIn.statusCode).not.toBe(200);
  });

  it('deprovisioning a complainant of an open case is not refused, but the case log records it and the committee is told', async () => {
    const committee = await buildCommittee(server, ws);
    await buildPublishedWorkflow(server, ws, { name: 'SCIM departures' });
    const complainant = await buildUser(server, ws, { firstName: 'Kavya', lastName: 'Complainant' });
    const complaintId = await buildComplaint(server, ws, complainant);
    const found = await scim('GET', `/Users?filter=${q(`userName eq "${complainant.email}"`)}`);
    const off = await scim('PATCH', `/Users/${found.body.Resources[0].id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(await sessionAlive(ws.host, complainant.token)).toBe(false);
    const logged = await server.db.system((tx) =>
      tx.query<{ action: string; details: { userId: string; by?: string } }>(
        `SELECT action, details FROM complaint_audit_events WHERE complaint_id = $1 AND action LIKE 'stake.%'`,
        [complaintId],
      ),
    );
    expect(logged).toEqual([
      {
        action: 'stake.deactivate',
        details: expect.objectContaining({ userId: complainant.id, by: 'provisioning key' }),
      },
    ]);
    const told = await server.db.system((tx) =>
      tx.query<{ recipient: string }>(
        `SELECT recipient FROM outbox_messages WHERE workspace_id = $1 AND recipient = $2`,
        [ws.id, committee.presiding.email],
      ),
    );
    expect(told.length).toBeGreaterThan(0);
  });

  it('Okta: creates, replaces with PUT, pushes groups, deactivates with active: false', async () => {
    const userName = `omar.khan.${Date.now()}@${ws.slug}.test`;
    const found = await scim('GET', `/Users?filter=${q(`userName eq "${userName}"`)}&startIndex=1&count=100`);
    expect(found.body).toMatchObject({ totalResults: 0, startIndex: 1 });
    const created = await scim('POST', '/Users', {
      schemas: [USER],
      userName,
      name: { givenName: 'Omar', familyName: 'Khan' },
      emails: [{ primary: true, value: userName, type: 'work' }],
      displayName: 'Omar Khan',
      locale: 'en-US',
      externalId: '00u1okta',
      groups: [],
      password: 'ignored-by-us',
      active: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;

    const replaced = await scim('PUT', `/Users/${id}`, {
      schemas: [USER],
      id,
      userName,
      name: { givenName: 'Omar', familyName: 'Siddiqui' },
      emails: [{ primary: true, value: userName, type: 'work' }],
      displayName: 'Omar Siddiqui',
      externalId: '00u1okta',
      active: true,
      groups: [],
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.name).toMatchObject({ familyName: 'Siddiqui' });

    // Group push: create, rename by a value object, add then remove the member by a filtered path.
    const group = await scim('POST', '/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: 'Okta Engineering',
      members: [],
    });
    expect(group.status).toBe(201);
    const gid = group.body.id;
    const renamed = await scim('PATCH', `/Groups/${gid}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { id: gid, displayName: 'Engineering' } }],
    });
    expect(renamed.body.displayName).toBe('Engineering');
    await scim('PATCH', `/Groups/${gid}`, {
      schemas: [PATCH],
      Operations: [{ op: 'add', path: 'members', value: [{ value: id, display: userName }] }],
    });
    expect((await scim('GET', `/Users/${id}`)).body[ENTERPRISE].department).toBe('Engineering');
    await scim('PATCH', `/Groups/${gid}`, {
      schemas: [PATCH],
      Operations: [{ op: 'remove', path: `members[value eq "${id}"]` }],
    });
    expect((await scim('GET', `/Users/${id}`)).body[ENTERPRISE].department).toBeUndefined();

    const off = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    // Reactivated the same way.
    const on = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { active: true } }],
    });
    expect(on.body.active).toBe(true);
  });

  it('maps groups to business units when the workspace says so', async () => {
    const other = await buildWorkspace(server);
    const otherKey = await buildScopedApiKey(server, other, ['scim']);
    const chosen = await server.request(other.host, {
      method: 'PUT',
      url: '/main-api/api/scim/settings',
      token: other.admin.token,
      payload: { groups: 'BUSINESS_UNIT' },
    });
    expect(chosen.json()).toEqual({ groups: 'BUSINESS_UNIT' });
    // Only the workspace admin chooses; a key is no admin.
    const byKey = await server.request(other.host, {
      method: 'PUT',
      url: '/main-api/api/scim/settings',
      token: otherKey,
      payload: { groups: 'DEPARTMENT' },
    });
    expect(byKey.statusCode).toBe(403);
    const groups = await scim('GET', '/Groups', undefined, otherKey, other.host);
    expect(groups.body.Resources.map((g: { id: string }) => g.id)).toContain(other.headquartersId);
    const unit = await scim('POST', '/Groups', { displayName: 'Pune office', members: [] }, otherKey, other.host);
    expect(unit.status).toBe(201);
    const person = await scim(
      'POST',
      '/Users',
      { schemas: [USER], userName: `bu.person@${other.slug}.test`, name: { givenName: 'B', familyName: 'U' } },
      otherKey,
      other.host,
    );
    await scim(
      'PATCH',
      `/Groups/${unit.body.id}`,
      { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: person.body.id }] }] },
      otherKey,
      other.host,
    );
    const [row] = await server.db.system((tx) =>
      tx.query<{ branch_id: string }>(`SELECT branch_id FROM users WHERE id = $1`, [person.body.id]),
    );
    expect(row.branch_id).toBe(unit.body.id);
  });

  it('answers in the SCIM error schema: no key, a key without the scope, another workspace, bad input', async () => {
    const none = await scim('GET', '/Users', undefined, '');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ schemas: [ERROR], status: '401' });
    const reportsKey = await buildScopedApiKey(server, ws, ['reports:read']);
    expect((await scim('GET', '/Users', undefined, reportsKey)).status).toBe(403);
    const other = await buildWorkspace(server);
    const elsewhere = await scim('GET', '/Users', undefined, key, other.host);
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body).toMatchObject({ schemas: [ERROR], status: '401' });
    // Another workspace's person is not found through this workspace's key.
    const theirs = await buildUser(server, other);
    expect((await scim('GET', `/Users/${theirs.id}`)).status).toBe(404);
    expect((await scim('DELETE', `/Users/${theirs.id}`)).status).toBe(404);

    const badFilter = await scim('GET', `/Users?filter=${q('userName co "a"')}`);
    expect(badFilter.body).toMatchObject({ status: '400', scimType: 'invalidFilter' });
    const badPatch = await scim('PATCH', `/Users/${theirs.id}`, { schemas: [PATCH], Operations: [{ op: 'Move' }] });
    expect(badPatch.status).toBe(400);
    const noName = await scim('POST', '/Users', { schemas: [USER], name: { givenName: 'X' } });
    expect(noName.body).toMatchObject({ status: '400', scimType: 'invalidValue' });
    const broken = await server.request(ws.host, {
      method: 'POST',
      url: '/scim/v2/Users',
      token: key,
      headers: { 'content-type': 'application/scim+json' },
      payload: '{"userName":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ schemas: [ERROR], status: '400' });
  });

  it('never deprovisions the last active workspace admin', async () => {
    const found = await scim('GET', `/Users?filter=${q(`userName eq "${ws.admin.email}"`)}`);
    const id = found.body.Resources[0].id;
    const off = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(off.status).toBe(409);
    expect(off.body.scimType).toBe('mutability');
    expect(await sessionAlive(ws.host, ws.admin.token)).toBe(true);
  });
});
