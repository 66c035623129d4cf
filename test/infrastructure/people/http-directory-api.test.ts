import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/application/shared/api-error';
import { HttpDirectoryApi } from '../../../src/infrastructure/http/main/http-directory-api';
import { mockServer, testClient } from '../../support/msw';
import { person } from '../../fakes/directory.fakes';

const BASE = 'http://acme.localhost:8080/main-api';
const server = mockServer();
const api = () => new HttpDirectoryApi(testClient(BASE, 'token-1').client);

describe('HttpDirectoryApi', () => {
  it('posts the filters as given (the server fills the defaults) and reads the page', async () => {
    let sent: unknown;
    server.use(
      http.post(`${BASE}/api/workspace/users`, async ({ request }) => {
        sent = await request.json();
        expect(request.headers.get('authorization')).toBe('Bearer token-1');
        return HttpResponse.json({ items: [person(1)], page: 0, pageSize: 20, total: 1 });
      }),
    );
    const page = await api().list({ role: 'EMPLOYEE' });
    expect(sent).toEqual({ role: 'EMPLOYEE' });
    expect(page.items[0]!.email).toBe('person1@acme.test');
  });

  it('sends an edit to the person’s path and returns the server’s refusal as an ApiError with its fields', async () => {
    server.use(
      http.post(`${BASE}/api/user/update/:id`, ({ params }) =>
        HttpResponse.json(
          { code: 'CONFLICT', message: `no for ${String(params.id)}`, fields: { role: 'no' } },
          { status: 409 },
        ),
      ),
    );
    const error = await api()
      .update('8d7f6a4e-2b1c-4d3e-9f8a-7b6c5d4e3f2a', { role: 'EMPLOYER' })
      .catch((e: unknown) => e);
    expect(ApiError.is(error) && error.reason).toBe('conflict');
    expect((error as ApiError).fields).toEqual({ role: 'no' });
    expect((error as ApiError).message).toBe('no for 8d7f6a4e-2b1c-4d3e-9f8a-7b6c5d4e3f2a');
  });

  it('deletes one by DELETE and many by the bulk call', async () => {
    const seen: string[] = [];
    server.use(
      http.delete(`${BASE}/api/user/:id`, ({ params }) => {
        seen.push(`one ${String(params.id)}`);
        return HttpResponse.json({ deleted: 1 });
      }),
      http.post(`${BASE}/api/user/delete/bulk`, async ({ request }) => {
        seen.push(`bulk ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ deleted: 2 });
      }),
    );
    const id = '8d7f6a4e-2b1c-4d3e-9f8a-7b6c5d4e3f2a';
    expect(await api().remove(id)).toEqual({ deleted: 1 });
    expect(await api().removeMany([id, id])).toEqual({ deleted: 2 });
    expect(seen).toEqual([`one ${id}`, `bulk {"ids":["${id}","${id}"]}`]);
  });

  it('unlocks a person by POST to their unlock path, and reads a 404 as an ApiError', async () => {
    const id = '8d7f6a4e-2b1c-4d3e-9f8a-7b6c5d4e3f2a';
    const seen: unknown[] = [];
    server.use(
      http.post(`${BASE}/api/user/unlock/:id`, async ({ params, request }) => {
        seen.push([params.id, await request.json()]);
        if (params.id !== id)
          return HttpResponse.json(
            { code: 'NOT_FOUND', message: 'There is no such user in this workspace' },
            { status: 404 },
          );
        return HttpResponse.json({ ok: true, wasLocked: true });
      }),
    );
    await api().unlock(id);
    const other = '1d7f6a4e-2b1c-4d3e-9f8a-7b6c5d4e3f2a';
    const error = await api()
      .unlock(other)
      .catch((e: unknown) => e);
    expect(ApiError.is(error) && error.reason).toBe('not-found');
    expect(seen).toEqual([
      [id, {}],
      [other, {}],
    ]);
  });
});
