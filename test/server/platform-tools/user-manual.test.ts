import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_SITE_WORKSPACE_ID } from '../../../server/platform/db/database';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildPlatformAdmin, buildUser, type BuiltWorkspace } from '../support/factories';
import { auditRows, form, NO_SUCH_ID, twoWorkspaces } from './support';

const PDF = new Uint8Array(
  Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n', 'latin1'),
);

describe.each(DATABASES)('the user manual on %s', (kind) => {
  let server: TestServer;
  let platform: string;
  let employee: string;
  let globexAdmin: string;
  let ids: { acme: string; globex: string };
  let acme: BuiltWorkspace;
  let globex: BuiltWorkspace;
  beforeAll(async () => {
    server = await startTestServer(kind);
    platform = await buildPlatformAdmin(server);
    ({ acme, globex } = await twoWorkspaces(server));
    ids = { acme: acme.id, globex: globex.id };
    employee = (await buildUser(server, acme)).token;
    globexAdmin = globex.admin.token;
  });
  afterAll(async () => server?.close());

  const publish = async (parts: Parameters<typeof form>[0], token = platform, host = 'localhost') =>
    server.request(host, { method: 'POST', url: '/main-api/api/user-manual', token, ...(await form(parts)) });
  const read = async (host: string, token: string) =>
    server.request(host, { method: 'GET', url: '/main-api/api/user-manual', token });

  it('shows the demo’s manual, a PDF for every workspace, before another is published', async () => {
    const res = await read(acme.host, employee);
    expect(res.statusCode).toBe(200);
    const manual = res.json().manual;
    expect(manual).toMatchObject({ format: 'PDF', fileName: 'SafePlace user manual.pdf', workspaceId: null });
    const file = await server.request(globex.host, { method: 'GET', url: `/main-api${manual.fileUrl}` });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('stores Markdown as the text given, for every workspace', async () => {
    const text = '# Welcome\n\nRead this first.\n\n<script>alert(1)</script>\n';
    const res = await publish({ markdown: text });
    expect(res.statusCode).toBe(200);
    expect(res.json().manual).toMatchObject({ format: 'MARKDOWN', markdown: text, workspaceId: null });
    const [row] = await server.db.query<{ markdown: string; workspace_id: string | null }>(
      'SELECT markdown, workspace_id FROM user_manuals',
    );
    // Stored under the main site's id (migration 0016): a distribution column holds no null.
    expect(row).toEqual({ markdown: text, workspace_id: MAIN_SITE_WORKSPACE_ID });
    // Both workspaces read it.
    expect((await read(acme.host, employee)).json().manual.markdown).toBe(text);
    expect((await read(globex.host, globexAdmin)).json().manual.markdown).toBe(text);
  });

  it('accepts the Markdown as a file part too (longer than a form field may be)', async () => {
    const long = `# Long manual\n\n${'Lorem ipsum dolor sit amet. '.repeat(1000)}`;
    const res = await publish({
      workspaceId: ids.globex,
      markdown: { name: 'manual.md', content: long, type: 'text/markdown' },
    });
    expect(res.statusCode).toBe(200);
    expect((await read(globex.host, globexAdmin)).json().manual.markdown).toBe(long);
  });

  it("lets a workspace's own manual win over the all-workspaces one, and replaces it on a new publish", async () => {
    const res = await publish({
      workspaceId: ids.acme,
      file: { name: 'Acme handbook.pdf', content: PDF, type: 'application/pdf' },
    });
    expect(res.statusCode).toBe(200);
    const manual = (await read(acme.host, employee)).json().manual;
    expect(manual).toMatchObject({
      format: 'PDF',
      fileName: 'Acme handbook.pdf',
      byteSize: PDF.length,
      workspaceId: ids.acme,
    });
    // The PDF comes back byte for byte from the address given.
    const file = await server.request(acme.host, { method: 'GET', url: `/main-api${manual.fileUrl}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    // Drawn by the page itself (pdf.js): never framed, by this site or another.
    expect(file.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(new Uint8Array(file.rawPayload)).toEqual(PDF);
    // Another workspace does not get Acme's file, even with its address.
    const elsewhere = await server.request(globex.host, { method: 'GET', url: `/main-api${manual.fileUrl}` });
    expect([elsewhere.statusCode, elsewhere.json()]).toEqual([
      404,
      { code: 'NOT_FOUND', message: 'There is no such manual' },
    ]);
    // Replacing: Markdown for Acme now; the old PDF address is gone.
    expect((await publish({ workspaceId: ids.acme, markdown: 'Acme only' })).statusCode).toBe(200);
    expect((await read(acme.host, employee)).json().manual).toMatchObject({
      format: 'MARKDOWN',
      markdown: 'Acme only',
    });
    expect((await server.request(acme.host, { method: 'GET', url: `/main-api${manual.fileUrl}` })).statusCode).toBe(
      404,
    );
    expect(await server.db.query(`SELECT 1 FROM user_manuals WHERE workspace_id = $1`, [ids.acme])).toHaveLength(1);
  });

  it('shows the platform admin exactly the manual of one scope', async () => {
    const forAll = await server.request('localhost', {
      method: 'GET',
      url: '/main-api/api/admin/user-manual',
      token: platform,
    });
    expect(forAll.json().manual).toMatchObject({ workspaceId: null, format: 'MARKDOWN' });
    const forAcme = await server.request('localhost', {
      method: 'GET',
      url: `/main-api/api/admin/user-manual?workspaceId=${ids.acme}`,
      token: platform,
    });
    expect(forAcme.json().manual.markdown).toBe('Acme only');
    const unknown = await server.request('localhost', {
      method: 'GET',
      url: `/main-api/api/admin/user-manual?workspaceId=${NO_SUCH_ID}`,
      token: platform,
    });
    expect([unknown.statusCode, unknown.json()]).toEqual([
      404,
      { code: 'NOT_FOUND', message: 'There is no such workspace' },
    ]);
  });

  it('checks a PDF by its first bytes, not its name or type', async () => {
    const fake = await publish({
      file: { name: 'manual.pdf', content: 'MZ not a pdf at all', type: 'application/pdf' },
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({ code: 'UNSUPPORTED_FILE', fields: { file: expect.stringContaining('%PDF-') } });
  });

  it('refuses a PDF over 10 MB with a 413', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PDF);
    const res = await publish({ file: { name: 'big.pdf', content: big, type: 'application/pdf' } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', fields: { file: 'Too large' } });
  });

  it('names what is missing or wrong in the form', async () => {
    const nothing = await publish({ workspaceId: ids.acme });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().fields).toHaveProperty('markdown');
    const both = await publish({ markdown: 'x', file: { name: 'm.pdf', content: PDF, type: 'application/pdf' } });
    expect(both.statusCode).toBe(400);
    const badWorkspace = await publish({ workspaceId: 'acme', markdown: 'x' });
    expect(badWorkspace.json().fields).toHaveProperty('workspaceId');
    const nowhere = await publish({ workspaceId: NO_SUCH_ID, markdown: 'x' });
    expect([nowhere.statusCode, nowhere.json()]).toEqual([
      404,
      { code: 'NOT_FOUND', message: 'There is no such workspace' },
    ]);
    const json = await server.request('localhost', {
      method: 'POST',
      url: '/main-api/api/user-manual',
      token: platform,
      payload: { markdown: 'x' },
    });
    expect(json.statusCode).toBe(400);
  });

  it('is published by the platform admin only, and read by workspace users only', async () => {
    const admin = acme.admin.token;
    expect((await publish({ markdown: 'mine now' }, admin, acme.host)).statusCode).toBe(403);
    expect((await server.request(acme.host, { method: 'GET', url: '/main-api/api/user-manual' })).statusCode).toBe(401);
    expect((await read('localhost', platform)).statusCode).toBe(403);
  });

  it('records every publication with the target workspace and the platform admin', async () => {
    const rows = await auditRows(server, 'user_manual.published');
    expect(rows.map((r) => r.workspace_id)).toEqual([MAIN_SITE_WORKSPACE_ID, ids.globex, ids.acme, ids.acme]);
    expect(rows.every((r) => r.actor_platform_admin_id)).toBe(true);
  });
});
