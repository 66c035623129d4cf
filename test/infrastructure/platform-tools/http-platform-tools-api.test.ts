import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockServer, testClient } from '../../support/msw';
import { ApiError } from '../../../src/application/shared/api-error';
import {
  HttpAllowListApi,
  HttpFlagAdminApi,
  HttpPlatformUsersApi,
  HttpUserManualApi,
  HttpWorkspaceDirectory,
} from '../../../src/infrastructure/http/main/http-platform-tools-api';

const BASE = 'http://localhost:8080/main-api';
const WS = '11111111-1111-4111-8111-111111111111';
const server = mockServer();

describe('the platform tools adapters', () => {
  it('publish the manual as multipart (the Markdown as a file part, the scope as a field) and resolve the PDF address under the API base', async () => {
    const seen: { workspaceId: FormDataEntryValue | null; markdown: string | null; auth: string | null }[] = [];
    server.use(
      http.post(`${BASE}/api/user-manual`, async ({ request }) => {
        const form = await request.formData();
        const part = form.get('markdown');
        seen.push({
          workspaceId: form.get('workspaceId'),
          markdown: part instanceof Blob ? await part.text() : null,
          auth: request.headers.get('authorization'),
        });
        return HttpResponse.json({
          manual: { format: 'MARKDOWN', markdown: '# Hi', workspaceId: WS, publishedAt: '2026-11-23T03:00:00.000Z' },
        });
      }),
      http.get(`${BASE}/api/user-manual`, () =>
        HttpResponse.json({
          manual: {
            format: 'PDF',
            fileName: 'm.pdf',
            byteSize: 10,
            fileUrl: '/api/user-manual/file/abc',
            workspaceId: null,
            publishedAt: '2026-11-23T03:00:00.000Z',
          },
        }),
      ),
    );
    const api = new HttpUserManualApi(testClient(BASE, 'tok').client);
    expect(await api.publishMarkdown(WS, '# Hi')).toMatchObject({ markdown: '# Hi' });
    expect(seen).toEqual([{ workspaceId: WS, markdown: '# Hi', auth: 'Bearer tok' }]);
    expect(await api.current()).toMatchObject({ format: 'PDF', fileUrl: `${BASE}/api/user-manual/file/abc` });
  });

  it('list the allow-list with zero-based pages and the search, and send a removal to its own route', async () => {
    let query = '';
    let removed = '';
    server.use(
      http.get(`${BASE}/api/admin/workspace/${WS}/email-whitelist`, ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json({ items: [], page: 1, pageSize: 20, total: 0 });
      }),
      http.delete(`${BASE}/api/admin/workspace/${WS}/email-whitelist/:entryId`, ({ params }) => {
        removed = String(params.entryId);
        return HttpResponse.json({ ok: true });
      }),
    );
    const api = new HttpAllowListApi(testClient(BASE, 'tok').client);
    await api.list(WS, 1, 20, ' ana ');
    expect(query).toBe('?page=1&pageSize=20&q=ana');
    await api.remove(WS, 'e1');
    expect(removed).toBe('e1');
  });

  it('turn a 409 on a user fix into an ApiError naming the field', async () => {
    server.use(
      http.post(`${BASE}/api/admin/update-user`, () =>
        HttpResponse.json(
          {
            code: 'CONFLICT',
            message: 'Another user of this workspace has this email',
            fields: { email: 'Already used in this workspace' },
          },
          { status: 409 },
        ),
      ),
    );
    const api = new HttpPlatformUsersApi(testClient(BASE, 'tok').client);
    const error = await api.update({ workspaceId: WS, userId: WS, email: 'a@b.com' }).catch((e: unknown) => e);
    expect(ApiError.is(error) && error.reason).toBe('conflict');
    expect((error as ApiError).fields).toEqual({ email: 'Already used in this workspace' });
  });

  it('send flag changes and workspace searches as the contracts say', async () => {
    const bodies: unknown[] = [];
    let q: string | null = 'unset';
    server.use(
      http.post(`${BASE}/api/feature-flags`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ key: 'banner', value: 'on', enabledWorkspaces: [] });
      }),
      http.put(`${BASE}/api/feature-flags/workspaces`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          key: 'banner',
          value: 'on',
          enabledWorkspaces: [{ workspaceUrl: 'acme.localhost' }],
        });
      }),
      http.get(`${BASE}/api/admin/workspace-options`, ({ request }) => {
        q = new URL(request.url).searchParams.get('q');
        return HttpResponse.json([
          { workspaceId: WS, workspaceUrl: 'acme.localhost', companyName: 'Acme', active: true },
        ]);
      }),
    );
    const { client } = testClient(BASE, 'tok');
    await new HttpFlagAdminApi(client).create('banner', 'on');
    await new HttpFlagAdminApi(client).setWorkspaces('banner', ['acme.localhost']);
    expect(bodies).toEqual([
      { key: 'banner', value: 'on' },
      { key: 'banner', enabledWorkspaces: [{ workspaceUrl: 'acme.localhost' }] },
    ]);
    expect(await new HttpWorkspaceDirectory(client).search('  ')).toHaveLength(1);
    expect(q).toBeNull();
  });

  it('delete a flag at its own address, and turn the 409 for a built-in flag into an ApiError saying why', async () => {
    const deleted: string[] = [];
    server.use(
      http.delete(`${BASE}/api/feature-flags/:key`, ({ params }) => {
        if (params.key === 'maintenance') {
          return HttpResponse.json(
            {
              code: 'CONFLICT',
              message: '"maintenance" is built into the platform and cannot be deleted.',
              fields: { key: 'A built-in flag cannot be deleted' },
            },
            { status: 409 },
          );
        }
        deleted.push(String(params.key));
        return HttpResponse.json({ key: params.key });
      }),
    );
    const { client } = testClient(BASE, 'tok');
    await new HttpFlagAdminApi(client).delete('old-beta');
    expect(deleted).toEqual(['old-beta']);
    const refused = await new HttpFlagAdminApi(client).delete('maintenance').catch((e: unknown) => e);
    expect(ApiError.is(refused) && refused.reason).toBe('conflict');
  });
});
