import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstContactTemplate } from '../../../src/domain/complaints/first-contact';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildUser, buildWorkspace, type BuiltUser, type BuiltWorkspace } from '../support/factories';

const CASE = '/case-api/api';
type Method = 'GET' | 'POST' | 'PUT';

/**
 * CA-02 / CA-03 (docs/law.md): the designated recipient's first message to each party of a Canadian notice carries what
 * the Regulations list (receipt or being named, access to the policy, each step, the right to be represented). A first
 * message that drops any of it is refused, naming the rule and the field; later messages are free.
 */
describe.each(DATABASES)('the first contacts of a Canadian notice on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let complainant: BuiltUser;
  let respondent: BuiltUser;
  let recipient: BuiltUser;
  let caseId: string;

  const call = (method: Method, url: string, token: string, payload?: object) =>
    server.request(ws.host, { method, url: `${CASE}${url}`, token, ...(payload ? { payload } : {}) });
  const write = (audience: 'COMPLAINANT' | 'RESPONDENT', body: string, token = recipient.token) =>
    call('POST', `/complaints/${caseId}/messages`, token, { audience, body });
  const thread = async (audience: string) =>
    (await call('GET', `/complaints/${caseId}`, recipient.token))
      .json()
      .messages.filter((m: { audience: string }) => m.audience === audience);

  beforeAll(async () => {
    server = await startTestServer(kind);
    ws = await buildWorkspace(server, { jurisdictionCode: 'CA-FED' });
    complainant = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Complainant' });
    respondent = await buildUser(server, ws, { firstName: 'Rahul', lastName: 'Respondent' });
    recipient = await buildUser(server, ws, { firstName: 'Dana', lastName: 'Recipient' });
    const committee = await call('POST', '/committees', ws.admin.token, {
      name: 'Designated recipients',
      termStart: '2026-01-01',
      termEnd: '2028-12-31',
      members: [{ userId: recipient.id, role: 'DESIGNATED_RECIPIENT', gender: 'WOMAN' }],
    });
    expect(committee.statusCode, committee.body).toBeLessThan(300);
    const filed = await call('POST', '/complaints', complainant.token, {
      complainant: { name: 'Esha Complainant', email: complainant.email, gender: 'WOMAN' },
      respondent: { name: 'Rahul Respondent', email: respondent.email, gender: 'MAN' },
      incident: { details: 'Remarks at every stand-up about my accent.', date: '2026-01-05', witnesses: [] },
    });
    expect(filed.statusCode, filed.body).toBeLessThan(300);
    caseId = filed.json().complaintId;
    expect(filed.json().compliance).toBe('CA_FEDERAL');
  }, 300_000);
  afterAll(async () => server?.close());

  it("refuses a first message to the principal party without the Regulations' content, naming CA-02/CA-03 and the field", async () => {
    const bare = await write('COMPLAINANT', 'Hello, we got your notice and will be in touch.');
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({
      code: 'FIRST_CONTACT_INCOMPLETE',
      fields: { body: expect.stringContaining('CA-03') },
    });
    const cut = await write(
      'COMPLAINANT',
      firstContactTemplate('COMPLAINANT').replace('Your right to be represented', ''),
    );
    expect(cut.statusCode).toBe(400);
    expect(cut.json().fields.body).toContain('Your right to be represented');
    expect(await thread('COMPLAINANT')).toEqual([]);
  });

  it('takes the prefilled first contact, reworded but with every heading, and later messages freely', async () => {
    const first = await write(
      'COMPLAINANT',
      `Dear Esha,\n\n${firstContactTemplate('COMPLAINANT').replace('You may be represented', 'You can be represented')}`,
    );
    expect(first.statusCode, first.body).toBe(200);
    expect((await write('COMPLAINANT', 'Could you tell us the date of the second remark?')).statusCode).toBe(200);
    expect(await thread('COMPLAINANT')).toHaveLength(2);
  });

  it('asks the same of the first contact with the responding party (CA-03): that they are named, the policy, the steps, representation', async () => {
    await server.db.tenant(ws.id, (tx) =>
      tx.query(`UPDATE complaints SET respondent_copy_sent_on = received_on WHERE workspace_id = $1 AND id = $2`, [
        ws.id,
        caseId,
      ]),
    );
    const withoutNaming = await write(
      'RESPONDENT',
      firstContactTemplate('RESPONDENT').replace('You are named as the responding party', 'About a notice'),
    );
    expect(withoutNaming.statusCode).toBe(400);
    expect(withoutNaming.json()).toMatchObject({
      code: 'FIRST_CONTACT_INCOMPLETE',
      fields: { body: expect.stringMatching(/^CA-03: .*You are named as the responding party/) },
    });
    expect((await write('RESPONDENT', firstContactTemplate('RESPONDENT'))).statusCode).toBe(200);
    expect((await write('RESPONDENT', 'Please send your account of events.')).statusCode).toBe(200);
  });

  it('does not ask it of a party writing to the committee', async () => {
    expect((await write('COMPLAINANT', 'Thank you.', complainant.token)).statusCode).toBe(200);
  });
});
