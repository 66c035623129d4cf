import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockServer, testClient } from '../../support/msw';
import { ApiError } from '../../../src/application/shared/api-error';
import { companyProfile } from '../../../src/contracts/main/workspace.contract';
import { createBranch } from '../../../src/contracts/main/organisation.contract';
import { postReporterMessage, receiptSignIn } from '../../../src/contracts/case/intake.contract';

const BASE = 'http://acme.localhost:8080/main-api';
const server = mockServer();

describe('ApiClient: the one place that reads HTTP statuses', () => {
  it.each([
    [400, 'invalid'],
    [403, 'forbidden'],
    [404, 'not-found'],
    [409, 'conflict'],
    [410, 'gone'],
    [413, 'too-large'],
    [422, 'invalid'],
    [429, 'rate-limited'],
    [418, 'other'],
    [500, 'server-error'],
    [503, 'server-error'],
  ])('names an answer %i as a %s failure, with the body the server sent', async (status, reason) => {
    server.use(
      http.get(`${BASE}/api/workspace/company-profile/acme`, () =>
        HttpResponse.json({ code: 'CODE', message: 'Told why', fields: { a: 'b' } }, { status }),
      ),
    );
    const { client } = testClient(BASE);
    const error = await client.call(companyProfile, { params: { host: 'acme' } }).catch((e: unknown) => e);
    expect(ApiError.is(error) && [error.reason, error.code, error.message, error.fields]).toEqual([
      reason,
      'CODE',
      'Told why',
      { a: 'b' },
    ]);
  });
});

describe('ApiClient: writes that a lost answer would repeat', () => {
  it('sends a signed-in write with an Idempotency-Key, and again with the same key when the network lost the answer', async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.post(`${BASE}/api/workspace/create-branch`, ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        // The first attempt's answer never arrives.
        if (keys.length === 1) return HttpResponse.error();
        return HttpResponse.json({
          branchId: 'b1',
          branchName: 'Acme Nashik',
          headquarter: false,
          backgroundColor: null,
          userCount: 0,
        });
      }),
    );
    const { client } = testClient(BASE, 'token-1');
    const res = await client.send(createBranch, { body: { branchName: 'Acme Nashik' } });
    expect(res.status).toBe(200);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('gives each write its own key, sends none with a read, and does not repeat a write the server refused', async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.post(`${BASE}/api/workspace/create-branch`, ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return HttpResponse.json(
          { code: 'UNAVAILABLE', message: 'Later' },
          { status: 503, headers: { 'retry-after': '60' } },
        );
      }),
      http.get(`${BASE}/api/workspace/company-profile/acme`, ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return HttpResponse.json({ code: 'NOT_FOUND', message: 'No' }, { status: 404 });
      }),
    );
    const { client } = testClient(BASE, 'token-1');
    await client.send(createBranch, { body: { branchName: 'A' } }).catch(() => {});
    await client.send(createBranch, { body: { branchName: 'B' } }).catch(() => {});
    await client.call(companyProfile, { params: { host: 'acme' } }).catch(() => {});
    expect(keys).toHaveLength(3);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBeNull();
  });

  it('sends a key with the public intake’s creates (a reporter’s message), and again on a retry; none with a public sign-in', async () => {
    const CASE = 'http://acme.localhost:8080/case-api';
    const keys: (string | null)[] = [];
    server.use(
      http.post(`${CASE}/api/intake/receipt/messages`, ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        if (keys.length === 1) return HttpResponse.error();
        return HttpResponse.json({
          messageId: 'm1',
          audience: 'COMPLAINANT',
          authorName: 'Reporter',
          fromCommittee: false,
          body: 'More',
          createdAt: '2026-01-02T00:00:00.000Z',
        });
      }),
      http.post(`${CASE}/api/intake/receipt/sign-in`, ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return HttpResponse.json({ code: 'BAD_KEY', message: 'No' }, { status: 401 });
      }),
    );
    const { client } = testClient(CASE);
    await client.send(postReporterMessage, { body: { session: 's'.repeat(40), body: 'More' } }).catch(() => {});
    await client
      .send(receiptSignIn, { body: { receiptKey: '1234 5678 9012 3456 7890', password: null } })
      .catch(() => {});
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBeNull();
  });
});
