import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockServer, testClient } from '../../support/msw';
import { ApiError } from '../../../src/application/shared/api-error';
import { companyProfile } from '../../../src/contracts/main/workspace.contract';

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
    server.use(http.get(`${BASE}/api/workspace/company-profile/acme`, () => HttpResponse.json({ code: 'CODE', message: 'Told why', fields: { a: 'b' } }, { status })));
    const { client } = testClient(BASE);
    const error = await client.call(companyProfile, { params: { host: 'acme' } }).catch((e: unknown) => e);
    expect(ApiError.is(error) && [error.reason, error.code, error.message, error.fields]).toEqual([reason, 'CODE', 'Told why', { a: 'b' }]);
  });
});
