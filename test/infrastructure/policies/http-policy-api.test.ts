import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockServer, testClient } from '../../support/msw';
import { ApiError } from '../../../src/application/shared/api-error';
import { HttpWorkspacePolicyApi } from '../../../src/infrastructure/http/learning/http-policy-api';

const BASE = 'http://localhost:8080/learning-api';
const ID = '11111111-1111-4111-8111-111111111111';
const server = mockServer();

const item = {
  policyId: ID,
  title: 'Code of conduct',
  version: 2,
  language: 'ENGLISH',
  acceptedAt: '2026-12-12T09:30:00.000Z',
  recordedForThem: false,
  currentVersion: 3,
  documentPath: `/api/policy/accepted/${ID}/2/document`,
};

describe('the policy reader’s adapter for "My policies"', () => {
  it('asks for a page of accepted versions (zero-based), one version, and that version’s PDF, with the session', async () => {
    const seen: string[] = [];
    server.use(
      http.get(`${BASE}/api/policy/accepted`, ({ request }) => {
        seen.push(`list ${new URL(request.url).search} ${request.headers.get('authorization')}`);
        return HttpResponse.json({ items: [item], page: 1, pageSize: 20, total: 21 });
      }),
      http.get(`${BASE}/api/policy/accepted/${ID}/2`, () => HttpResponse.json(item)),
      http.get(`${BASE}/api/policy/accepted/${ID}/2/document`, ({ request }) => {
        seen.push(`document ${request.headers.get('authorization')}`);
        return new HttpResponse('%PDF-1.7 v2', { headers: { 'content-type': 'application/pdf' } });
      }),
      http.get(`${BASE}/api/policy/accepted/${ID}/9`, () =>
        HttpResponse.json({ code: 'NOT_FOUND', message: 'You have not accepted this policy version' }, { status: 404 }),
      ),
    );
    const api = new HttpWorkspacePolicyApi(testClient(BASE, 'tok').client);
    expect(await api.accepted(1, 20)).toMatchObject({ items: [item], total: 21 });
    expect(await api.acceptedOne(ID, 2)).toEqual(item);
    expect(await (await api.acceptedDocument({ ...item, language: 'ENGLISH' })).text()).toBe('%PDF-1.7 v2');
    expect(seen).toEqual(['list ?page=1&pageSize=20 Bearer tok', 'document Bearer tok']);
    const missing = await api.acceptedOne(ID, 9).catch((error: unknown) => error);
    expect(ApiError.is(missing) && missing.reason).toBe('not-found');
  });
});
