import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAllowedToSignUp } from '../../../server/main/platform-tools/allow-list.repository';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildPlatformAdmin, type BuiltWorkspace } from '../support/factories';
import { auditRows, form, NO_SUCH_ID, twoWorkspaces } from './support';

async function xlsx(rows: string[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('List');
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe.each(DATABASES)('the sign-up allow-list on %s', (kind) => {
  let server: TestServer;
  let platform: string;
  let ids: { acme: string; globex: string };
  let acme: BuiltWorkspace;
  beforeAll(async () => {
    server = await startTestServer(kind);
    platform = await buildPlatformAdmin(server);
    const built = await twoWorkspaces(server);
    acme = built.acme;
    ids = { acme: built.acme.id, globex: built.globex.id };
  });
  afterAll(async () => server?.close());

  const add = (workspaceId: string, email: string, token = platform, host = 'localhost') =>
    server.request(host, {
      method: 'POST',
      url: '/main-api/api/admin/add-email-to-whitelist',
      token,
      payload: { workspaceId, email },
    });
  const upload = async (workspaceId: string, file: { name: string; content: string | Uint8Array; type?: string }) =>
    server.request('localhost', {
      method: 'POST',
      url: '/main-api/api/admin/add-email-to-whitelist/bulk',
      token: platform,
      ...(await form({ workspaceId, file })),
    });
  const list = (workspaceId: string, query = '') =>
    server.request('localhost', {
      method: 'GET',
      url: `/main-api/api/admin/workspace/${workspaceId}/email-whitelist${query}`,
      token: platform,
    });
  const allowed = (workspaceId: string, email: string) =>
    server.db.tenant(workspaceId, (tx) => isAllowedToSignUp(tx, workspaceId, email));

  it('adds an address and a domain, in lower case, and refuses the same entry twice with a 409', async () => {
    const res = await add(ids.acme, ' Ana.Silva@Example.COM ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ entry: 'ana.silva@example.com', kind: 'EMAIL', workspaceId: ids.acme });
    expect((await add(ids.acme, '@partner.example.org')).json()).toMatchObject({
      entry: '@partner.example.org',
      kind: 'DOMAIN',
    });
    const again = await add(ids.acme, 'ana.silva@example.com');
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toHaveProperty('email');
  });

  it('names a bad entry, and answers 404 for an unknown workspace', async () => {
    for (const bad of ['not an email', '@', 'a@b', '@nodot']) {
      const res = await add(ids.acme, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().fields).toHaveProperty('email');
    }
    expect((await add(NO_SUCH_ID, 'x@example.com')).statusCode).toBe(404);
  });

  it('tells the sign-up feature who is allowed: listed addresses and listed domains, per workspace', async () => {
    expect(await allowed(ids.acme, 'ANA.SILVA@example.com')).toBe(true);
    expect(await allowed(ids.acme, 'anyone@partner.example.org')).toBe(true);
    expect(await allowed(ids.acme, 'someone@example.com')).toBe(false);
    expect(await allowed(ids.acme, 'x@sub.partner.example.org')).toBe(false);
    expect(await allowed(ids.globex, 'ana.silva@example.com')).toBe(false);
  });

  it('imports a CSV with a header, skipping entries already listed and repeated lines', async () => {
    const csv = 'Email\nnew.one@example.com\n\n@globex-partner.com\nana.silva@example.com\nNEW.ONE@example.com\n';
    const res = await upload(ids.acme, { name: 'list.csv', content: csv, type: 'text/csv' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ lines: 4, added: 2, alreadyListed: 1 });
    expect(await allowed(ids.acme, 'new.one@example.com')).toBe(true);
  });

  it('imports an XLSX workbook’s first column', async () => {
    const res = await upload(ids.globex, {
      name: 'list.xlsx',
      content: await xlsx([
        ['email', 'name'],
        ['gabe@other-partner.example', 'Gabe'],
        ['@other-partner.example', ''],
      ]),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ added: 2 });
  });

  it('adds nothing from a file with bad lines, and names each bad line by its number', async () => {
    const before = (await list(ids.acme)).json().total;
    const csv = 'email\ngood.person@example.com\nnot-an-email\nother@example.com\n@@bad\n';
    const res = await upload(ids.acme, { name: 'list.csv', content: csv, type: 'text/csv' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INVALID_LINES',
      fields: { 'line.3': expect.stringContaining('not-an-email'), 'line.5': expect.any(String) },
    });
    expect(res.json().message).toContain('Nothing was added');
    expect((await list(ids.acme)).json().total).toBe(before);
    expect(await allowed(ids.acme, 'good.person@example.com')).toBe(false);
  });

  it('refuses a file of another type, a disguised one, an empty one, and one over 1 MB', async () => {
    const pdf = await upload(ids.acme, { name: 'list.pdf', content: '%PDF-1.4' });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().fields).toHaveProperty('file');
    const fakeXlsx = await upload(ids.acme, { name: 'list.xlsx', content: 'a@b.com\n' });
    expect(fakeXlsx.statusCode).toBe(400);
    expect((await upload(ids.acme, { name: 'list.csv', content: '' })).statusCode).toBe(400);
    const headerOnly = await upload(ids.acme, { name: 'list.csv', content: 'email\n' });
    expect(headerOnly.statusCode).toBe(400);
    const big = await upload(ids.acme, { name: 'list.csv', content: 'someone@example.com\n'.repeat(60_000) });
    expect(big.statusCode).toBe(413);
    expect(big.json().fields).toEqual({ file: 'Too large' });
    const noWorkspace = await server.request('localhost', {
      method: 'POST',
      url: '/main-api/api/admin/add-email-to-whitelist/bulk',
      token: platform,
      ...(await form({ file: { name: 'list.csv', content: 'a@example.com\n' } })),
    });
    expect(noWorkspace.statusCode).toBe(400);
    expect(noWorkspace.json().fields).toHaveProperty('workspaceId');
  });

  it('lists a workspace’s entries, paged and searchable, newest first', async () => {
    const page = (await list(ids.acme, '?page=0&pageSize=2')).json();
    expect(page).toMatchObject({ page: 0, pageSize: 2, total: 4 });
    expect(page.items).toHaveLength(2);
    const found = (await list(ids.acme, '?q=example.org')).json();
    expect(found.items.map((e: { entry: string }) => e.entry)).toEqual(['@partner.example.org']);
    expect((await list(NO_SUCH_ID)).statusCode).toBe(404);
  });

  it('removes an entry of that workspace only: another workspace’s pair answers 404', async () => {
    const entry = (await list(ids.acme, '?q=ana.silva')).json().items[0];
    const wrongPair = await server.request('localhost', {
      method: 'DELETE',
      url: `/main-api/api/admin/workspace/${ids.globex}/email-whitelist/${entry.entryId}`,
      token: platform,
    });
    expect(wrongPair.statusCode).toBe(404);
    const res = await server.request('localhost', {
      method: 'DELETE',
      url: `/main-api/api/admin/workspace/${ids.acme}/email-whitelist/${entry.entryId}`,
      token: platform,
    });
    expect(res.statusCode).toBe(200);
    expect(await allowed(ids.acme, 'ana.silva@example.com')).toBe(false);
  });

  it('is the platform admin’s alone', async () => {
    const admin = acme.admin.token;
    expect((await add(ids.acme, 'me@example.com', admin, acme.host)).statusCode).toBe(403);
    const listAsAdmin = await server.request(acme.host, {
      method: 'GET',
      url: `/main-api/api/admin/workspace/${ids.acme}/email-whitelist`,
      token: admin,
    });
    expect(listAsAdmin.statusCode).toBe(403);
  });

  it('records each addition, import and removal against the target workspace', async () => {
    expect((await auditRows(server, 'allow_list.entry_added')).map((r) => r.workspace_id)).toEqual([
      ids.acme,
      ids.acme,
    ]);
    const imports = await auditRows(server, 'allow_list.imported');
    expect(imports.map((r) => r.workspace_id)).toEqual([ids.acme, ids.globex]);
    expect(imports[0].details).toEqual({ lines: 4, added: 2 });
    const [removed] = await auditRows(server, 'allow_list.entry_removed');
    expect(removed).toMatchObject({ workspace_id: ids.acme, target: 'ana.silva@example.com' });
    expect(removed.actor_platform_admin_id).toBeTruthy();
  });
});
