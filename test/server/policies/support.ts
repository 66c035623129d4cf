import { expect } from 'vitest';
import type { TestServer } from '../support/test-app';
import { PDF } from '../support/sample-files';
import {
  buildBusinessUnit,
  buildUnitUser,
  buildUser,
  buildWorkspace,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';

export const MAIN = 'localhost';
export const ACME = 'acme.localhost';
export const GLOBEX = 'globex.localhost';
export const API = '/learning-api/api';

/** A PDF whose bytes say which one it is (so a test can tell the served copy). */
export const pdfSaying = (words: string) =>
  Buffer.concat([PDF.subarray(0, 9), Buffer.from(`% ${words}\n`), PDF.subarray(9)]);

export function caller(server: TestServer) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', host: string, url: string, token: string, payload?: object) =>
    server.request(host, { method, url: `${API}${url}`, token, ...(payload ? { payload } : {}) });
}

/** The platform admin uploads a PDF of the policy's current version in a language: URL, PUT, confirm. */
export async function uploadPolicyPdf(
  server: TestServer,
  platform: string,
  policyId: string,
  language: string,
  bytes: Buffer,
) {
  const call = caller(server);
  const ticket = await call('POST', MAIN, `/admin/policy/generate-upload-url/${policyId}/${language}`, platform, {
    fileName: `${language}.pdf`,
    size: bytes.length,
  });
  expect(ticket.statusCode, ticket.body).toBe(200);
  const put = await server.request(MAIN, {
    method: 'PUT',
    url: ticket.json().uploadUrl,
    payload: bytes,
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(put.statusCode, put.body).toBeLessThan(300);
  return call('POST', MAIN, `/admin/policy/confirm-upload/${policyId}/${language}`, platform);
}

/** A catalogue policy with an English and a Hindi PDF. */
export async function policyWithPdfs(server: TestServer, platform: string, title: string): Promise<string> {
  const call = caller(server);
  const created = await call('POST', MAIN, '/admin/policy/create', platform, {
    title,
    ownerName: 'Priya Legal',
    reviewDueOn: '2027-06-30',
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().id as string;
  expect((await uploadPolicyPdf(server, platform, id, 'ENGLISH', pdfSaying(`${title} v1 English`))).statusCode).toBe(
    200,
  );
  expect((await uploadPolicyPdf(server, platform, id, 'HINDI', pdfSaying(`${title} v1 Hindi`))).statusCode).toBe(200);
  return id;
}

/** What the policy tests work in: Acme (India's jurisdiction) with a Pune unit, its people, and another workspace. */
export interface PolicyWorkspaces {
  ws: BuiltWorkspace;
  elsewhere: BuiltWorkspace;
  /** Esha, an employee of the headquarters. */
  employee: BuiltUser;
  /** The business-unit admin of Pune. */
  buadmin: BuiltUser;
  pune: string;
}

export async function buildPolicyWorkspaces(server: TestServer): Promise<PolicyWorkspaces> {
  const ws = await buildWorkspace(server, { companyName: 'Acme', jurisdictionCode: 'IN' });
  const elsewhere = await buildWorkspace(server);
  const employee = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
  const pune = (await buildBusinessUnit(server, ws, { name: 'Acme Pune' })).id;
  const buadmin = await buildUnitUser(server, ws, pune, { role: 'BRANCH_ADMIN' });
  return { ws, elsewhere, employee, buadmin, pune };
}
