import ExcelJS from 'exceljs';
import type { TestServer } from '../support/test-app';
import { FULL_MAPPING, HEADER } from './people-columns';

export { FULL_MAPPING, HEADER };

/** A multipart body as a browser sends it: the global FormData, serialised through Response. */
export async function multipart(
  file: { name: string; content: string | Uint8Array; type?: string } | null,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  if (file) form.append('file', new Blob([file.content as BlobPart], { type: file.type ?? 'text/csv' }), file.name);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

export function csv(...rows: string[]): string {
  return [HEADER, ...rows].join('\n') + '\n';
}

export type Route = 'bulk/file/mappings' | 'bulk/validate' | 'download/bulk/detailed-report' | 'bulk';

export async function post(
  server: TestServer,
  route: Route,
  token: string | undefined,
  file: { name: string; content: string | Uint8Array } | null,
  mapping: object | string | null = FULL_MAPPING,
  host = 'acme.localhost',
) {
  const fields: Record<string, string> =
    mapping === null ? {} : { mapping: typeof mapping === 'string' ? mapping : JSON.stringify(mapping) };
  const body = await multipart(file, fields);
  return server.request(host, { method: 'POST', url: `/main-api/api/invite/${route}`, token, ...body });
}

export async function xlsx(rows: (string | number | Date | null)[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Users');
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** GET of an import job. */
export async function getJob(server: TestServer, token: string, jobId: string, host = 'acme.localhost') {
  return server.request(host, { method: 'GET', url: `/main-api/api/invite/bulk/jobs/${jobId}`, token });
}

/** Polls a job until it is no longer queued or running (the runner works it in the background). */
export async function waitForJob(server: TestServer, token: string, jobId: string, host = 'acme.localhost') {
  for (let i = 0; i < 600; i++) {
    const res = await getJob(server, token, jobId, host);
    if (res.statusCode !== 200) throw new Error(`job ${jobId}: ${res.statusCode} ${res.body}`);
    const job = res.json();
    if (job.status !== 'QUEUED' && job.status !== 'RUNNING') return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`job ${jobId} did not finish`);
}

/** Starts an import (202 with the job) and waits for its end; returns the finished job. */
export async function importFile(
  server: TestServer,
  token: string,
  file: { name: string; content: string | Uint8Array },
  mapping: object = FULL_MAPPING,
  host = 'acme.localhost',
) {
  const res = await post(server, 'bulk', token, file, mapping, host);
  if (res.statusCode !== 202) throw new Error(`import: ${res.statusCode} ${res.body}`);
  return waitForJob(server, token, res.json().jobId, host);
}
