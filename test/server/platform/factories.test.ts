import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import {
  buildCommittee,
  buildComplaint,
  buildCourse,
  buildPolicy,
  buildUser,
  buildWorkspace,
  type BuiltWorkspace,
} from '../support/factories';

/**
 * The data factories (test/server/support/factories.ts) build through the API what they say, in a workspace of their
 * own: its people sign in there and nowhere else, and its rows are not another workspace's.
 */
describe.each(DATABASES)('the server tests’ data factories on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  const get = (host: string, url: string, token: string) => server.request(host, { method: 'GET', url, token });

  beforeAll(async () => {
    server = await startTestServer(kind);
    [ws, other] = [await buildWorkspace(server), await buildWorkspace(server)];
  });
  afterAll(async () => server?.close());

  it('builds a workspace whose admin is signed in there, and a person of each role', async () => {
    const me = await get(ws.host, '/main-api/api/user/details', ws.admin.token);
    expect(me.json()).toMatchObject({
      email: ws.admin.email,
      role: 'WORKSPACE_ADMIN',
      workspace: { companyName: ws.companyName },
    });
    const employer = await buildUser(server, ws, { role: 'EMPLOYER' });
    expect((await get(ws.host, '/main-api/api/user/details', employer.token)).json()).toMatchObject({
      userId: employer.id,
      role: 'EMPLOYER',
    });
    // A session of one workspace is worthless at another.
    expect((await get(other.host, '/main-api/api/user/details', employer.token)).statusCode).toBe(401);
  });

  it('builds a committee and a complaint its presiding officer sees, and another workspace does not', async () => {
    const committee = await buildCommittee(server, ws);
    const complainant = await buildUser(server, ws);
    const caseId = await buildComplaint(server, ws, complainant);
    expect((await get(ws.host, `/case-api/api/complaints/${caseId}`, committee.presiding.token)).statusCode).toBe(200);
    expect((await get(other.host, `/case-api/api/complaints/${caseId}`, other.admin.token)).statusCode).toBe(404);
  });

  it('builds a course and a policy of the workspace alone', async () => {
    const courseId = await buildCourse(server, ws, { title: 'Respect at work' });
    expect((await get(ws.host, `/learning-api/api/course/details/${courseId}`, ws.admin.token)).json()).toMatchObject({
      title: 'Respect at work',
    });
    expect((await get(other.host, `/learning-api/api/course/details/${courseId}`, other.admin.token)).statusCode).toBe(
      404,
    );
    const policyId = await buildPolicy(server, ws, { title: 'Anti-harassment policy' });
    expect(
      (await get(ws.host, `/learning-api/api/policy/own/details/${policyId}`, ws.admin.token)).json(),
    ).toMatchObject({ title: 'Anti-harassment policy' });
    expect(
      (await get(other.host, `/learning-api/api/policy/own/details/${policyId}`, other.admin.token)).statusCode,
    ).toBe(404);
  });
});
