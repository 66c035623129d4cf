import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildPlatformOperator, buildWorkspace, type BuiltWorkspace } from '../support/factories';

/** Demo requests from the public site (docs/public-site.md "Leads"), as a visitor, a robot and the platform admin meet them. */
describe.each(DATABASES)('demo and contact requests on %s', (kind) => {
  let server: TestServer;
  let platform: string;
  let workspace: BuiltWorkspace;
  beforeAll(async () => {
    server = await startTestServer(kind, { salesEmail: 'sales@safeplace.test', publicUrl: 'http://localhost:8080' });
    platform = (await buildPlatformOperator(server)).token;
    workspace = await buildWorkspace(server);
  });
  afterAll(async () => server?.close());

  let address = 10;
  /** Each test sends from its own network address, so the per-address limit of one does not touch another's. */
  const send = (payload: object, host = 'localhost', remoteAddress = `198.51.100.${address}`) =>
    server.request(host, { method: 'POST', url: '/main-api/api/leads', payload, remoteAddress });
  const lead = (over: object = {}) => ({
    name: 'Asha Rao',
    workEmail: 'asha@rao-textiles.in',
    organisation: 'Rao Textiles',
    country: 'IN',
    size: '250-999',
    message: 'We have 6 branches.',
    ...over,
  });
  const leads = (token = platform, search?: string) =>
    server.request('localhost', {
      method: 'GET',
      url: `/main-api/api/admin/leads${search ? `?search=${encodeURIComponent(search)}` : ''}`,
      token,
    });
  const outbox = async (to: string) =>
    server.db.query<{ subject: string; body: string }>(
      `SELECT subject, body FROM outbox_messages WHERE recipient = $1 ORDER BY created_at, id`,
      [to],
    );

  it('stores a request, mails the sales address and a confirmation link, and the link confirms it', async () => {
    address = 10;
    const res = await send(lead());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });

    const [sales] = await outbox('sales@safeplace.test');
    expect(sales.subject).toBe('Demo request: Rao Textiles (India, 250 to 999 employees)');
    expect(sales.body).toContain('Asha Rao <asha@rao-textiles.in>');
    expect(sales.body).toContain('We have 6 branches.');
    const [mail] = await outbox('asha@rao-textiles.in');
    const code = /\/confirm\?code=([A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
    expect(mail.body).toContain('http://localhost:8080/confirm?code=');
    expect(code).toBeTruthy();

    const listed = await leads();
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items[0]).toMatchObject({
      name: 'Asha Rao',
      workEmail: 'asha@rao-textiles.in',
      organisation: 'Rao Textiles',
      country: 'IN',
      size: '250-999',
      source: 'contact-us',
      confirmedAt: null,
    });

    const confirmed = await server.request('localhost', {
      method: 'POST',
      url: '/main-api/api/leads/confirm',
      payload: { code },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await leads()).json().items[0].confirmedAt).toEqual(expect.any(String));
    // A made-up code confirms nothing.
    const forged = await server.request('localhost', {
      method: 'POST',
      url: '/main-api/api/leads/confirm',
      payload: { code: 'x'.repeat(32) },
    });
    expect(forged.statusCode).toBe(404);
    // The code is not stored: only its hash.
    const stored = await server.db.system((tx) =>
      tx.query<{ confirm_code_hash: string }>(`SELECT confirm_code_hash FROM leads`),
    );
    expect(stored.map((r) => r.confirm_code_hash)).not.toContain(code);
  });

  it('refuses a robot that fills the hidden field: nothing stored, nothing mailed', async () => {
    address = 11;
    const res = await send(lead({ workEmail: 'bot@spam-co.example', website: 'http://spam.example' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('REFUSED');
    expect(await outbox('bot@spam-co.example')).toHaveLength(0);
    expect((await leads(platform, 'spam-co')).json().total).toBe(0);
  });

  it('refuses bad input with 400 and the field, never 500: personal mail, unknown country, unknown fields, HTML-sized text', async () => {
    address = 12;
    const cases: [object, string][] = [
      [lead({ workEmail: 'someone@gmail.com' }), 'workEmail'],
      [lead({ workEmail: 'not-an-email' }), 'workEmail'],
      [lead({ country: 'XX' }), 'country'],
      [lead({ size: 'lots' }), 'size'],
      [lead({ name: '' }), 'name'],
      [lead({ message: 'x'.repeat(2001) }), 'message'],
    ];
    for (const [payload, field] of cases) {
      const res = await send(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields, JSON.stringify(payload)).toHaveProperty(field);
    }
    expect((await send({ ...lead(), admin: true })).statusCode).toBe(400);
  });

  it('limits requests per network address and per email address (429), counting across both', async () => {
    address = 13;
    for (let i = 0; i < 5; i++) {
      const res = await send(lead({ workEmail: `person${i}@limit-one.example` }));
      expect(res.statusCode, res.body).toBe(200);
    }
    const sixth = await send(lead({ workEmail: 'person6@limit-one.example' }));
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBeTruthy();

    // One inbox is not flooded with confirmation mails from many addresses.
    for (let i = 0; i < 3; i++)
      expect(
        (await send(lead({ workEmail: 'target@victim.example' }), 'localhost', `203.0.113.${i + 1}`)).statusCode,
      ).toBe(200);
    expect((await send(lead({ workEmail: 'target@victim.example' }), 'localhost', '203.0.113.9')).statusCode).toBe(429);
    expect(await outbox('target@victim.example')).toHaveLength(3);
  });

  it('shows the list to the platform admin only, and takes requests on the main site only', async () => {
    expect((await leads('')).statusCode).toBe(401);
    const admin = await server.signIn(workspace.host, workspace.admin.email);
    expect(
      (await server.request(workspace.host, { method: 'GET', url: '/main-api/api/admin/leads', token: admin }))
        .statusCode,
    ).toBe(403);
    expect((await leads(admin)).statusCode).toBe(401);
    address = 14;
    expect((await send(lead({ workEmail: 'x@workspace-host.example' }), workspace.host)).statusCode).toBe(404);
    // A workspace's own database role cannot read the requests, whatever its queries.
    const seen = await server.db.tenant(workspace.id, (tx) => tx.query(`SELECT * FROM leads`));
    expect(seen).toHaveLength(0);
    const page = (await leads(platform, 'asha@rao-textiles')).json();
    expect(page).toMatchObject({ page: 0, pageSize: 20, total: 1 });
  });
});
