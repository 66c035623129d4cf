import 'reflect-metadata';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockServer, testClient } from '../../support/msw';
import { ApiError } from '../../../src/application/shared/api-error';
import { HttpUserImportApi } from '../../../src/infrastructure/http/main/http-user-import-api';

const BASE = 'http://acme.localhost:8080/main-api';
const server = mockServer();

function adapter() {
  const { client, sessions, lostSessions } = testClient(BASE, 'token-abcdefghijklmnopqrstuvwxyz');
  return { api: new HttpUserImportApi(client), sessions, lostSession: () => lostSessions() > 0 };
}

const file = {
  name: '20261123-011500_users.csv',
  content: new Blob(['Email,First Name\na@acme.test,A\n'], { type: 'text/csv' }),
};
const mapping = { email: 0, firstName: 1 };

describe('HttpUserImportApi', () => {
  it('uploads the file as multipart with the bearer token and parses the proposed mapping', async () => {
    let seen: { auth: string | null; fileName: string | null; hasMapping: boolean } | null = null;
    server.use(
      http.post(`${BASE}/api/invite/bulk/file/mappings`, async ({ request }) => {
        const form = await request.formData();
        const part = form.get('file') as File;
        seen = { auth: request.headers.get('authorization'), fileName: part.name, hasMapping: form.has('mapping') };
        return HttpResponse.json({
          headers: ['Email', 'First Name'],
          proposed: { email: 0, firstName: 1 },
          sample: [['a@acme.test', 'A']],
        });
      }),
    );
    const { api } = adapter();
    const answer = await api.readHeaders(file);
    expect(answer.proposed).toEqual({ email: 0, firstName: 1 });
    expect(seen).toEqual({
      auth: 'Bearer token-abcdefghijklmnopqrstuvwxyz',
      fileName: '20261123-011500_users.csv',
      hasMapping: false,
    });
  });

  it('sends the mapping as JSON beside the file when validating and importing', async () => {
    const mappings: unknown[] = [];
    const invitations: (string | null)[] = [];
    const record = async (request: Request) => {
      const form = await request.formData();
      mappings.push(JSON.parse(String(form.get('mapping'))));
      invitations.push(form.get('sendInvitations') as string | null);
    };
    server.use(
      http.post(`${BASE}/api/invite/bulk/validate`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({
          totalRows: 1,
          validRows: 1,
          invalidRows: 0,
          problems: [],
          problemsTruncated: false,
        });
      }),
      http.post(`${BASE}/api/invite/bulk`, async ({ request }) => {
        await record(request);
        return HttpResponse.json(
          {
            jobId: 'j1',
            status: 'QUEUED',
            fileName: file.name,
            totalRows: 1,
            rowsDone: 0,
            created: 0,
            skipped: 0,
            createdAt: '2026-11-23T01:15:00.000Z',
            finishedAt: null,
            error: null,
            cancelRequested: false,
            sendInvitations: true,
            invitationsSent: 0,
            problems: [],
            problemsTruncated: false,
          },
          { status: 202 },
        );
      }),
    );
    const { api } = adapter();
    expect((await api.validate({ file, mapping })).validRows).toBe(1);
    expect((await api.importUsers({ file, mapping, sendInvitations: true })).status).toBe('QUEUED');
    expect(mappings).toEqual([mapping, mapping]);
    // The import, and only the import, says whether the job mails the invitations.
    expect(invitations).toEqual([null, 'true']);
  });

  it('downloads the detailed report with the name the server gives', async () => {
    server.use(
      http.post(
        `${BASE}/api/invite/download/bulk/detailed-report`,
        () =>
          new HttpResponse('Row,Outcome\n2,Ready to import\n', {
            headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="users-report.csv"' },
          }),
      ),
    );
    const report = await adapter().api.detailedReport({ file, mapping });
    expect(report.name).toBe('users-report.csv');
    expect(await report.content.text()).toBe('Row,Outcome\n2,Ready to import\n');
  });

  it('polls, cancels and resumes a job, and downloads its report in the format asked', async () => {
    const job = {
      jobId: '11111111-1111-4111-8111-111111111111',
      status: 'RUNNING',
      fileName: 'users.csv',
      totalRows: 10,
      rowsDone: 5,
      created: 5,
      skipped: 0,
      createdAt: '2026-11-23T01:15:00.000Z',
      finishedAt: null,
      error: null,
      cancelRequested: false,
      sendInvitations: false,
      invitationsSent: 0,
      problems: [],
      problemsTruncated: false,
    };
    const calls: string[] = [];
    server.use(
      http.get(`${BASE}/api/invite/bulk/jobs/:id`, ({ params }) => {
        calls.push(`get ${params.id}`);
        return HttpResponse.json(job);
      }),
      http.post(`${BASE}/api/invite/bulk/jobs/:id/cancel`, async ({ params, request }) => {
        calls.push(`cancel ${params.id} ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ ...job, cancelRequested: true });
      }),
      http.post(`${BASE}/api/invite/bulk/jobs/:id/resume`, ({ params }) => {
        calls.push(`resume ${params.id}`);
        return HttpResponse.json({ ...job, status: 'QUEUED' }, { status: 202 });
      }),
      http.get(`${BASE}/api/invite/bulk/jobs/:id/report`, ({ request }) => {
        calls.push(`report ${new URL(request.url).searchParams.get('format')}`);
        return new HttpResponse('xlsx-bytes', {
          headers: { 'content-disposition': 'attachment; filename="users-report.xlsx"' },
        });
      }),
    );
    const { api } = adapter();
    expect((await api.getJob(job.jobId)).rowsDone).toBe(5);
    expect((await api.cancelJob(job.jobId)).cancelRequested).toBe(true);
    expect((await api.resumeJob(job.jobId)).status).toBe('QUEUED');
    expect((await api.jobReport(job.jobId, 'xlsx')).name).toBe('users-report.xlsx');
    expect(calls).toEqual([`get ${job.jobId}`, `cancel ${job.jobId} {}`, `resume ${job.jobId}`, 'report xlsx']);
  });

  it("turns a refused file into an ApiError with the server's message and fields", async () => {
    server.use(
      http.post(`${BASE}/api/invite/bulk/validate`, () =>
        HttpResponse.json(
          {
            code: 'MALFORMED_FILE',
            message: 'The CSV file is malformed at row 3, column 2: a quoted value is not closed',
            fields: { row: '3', column: '2' },
          },
          { status: 400 },
        ),
      ),
    );
    const error = await adapter()
      .api.validate({ file, mapping })
      .catch((e: unknown) => e);
    expect(ApiError.is(error)).toBe(true);
    expect(error).toMatchObject({ reason: 'invalid', code: 'MALFORMED_FILE', fields: { row: '3', column: '2' } });
  });

  it('clears the session on 401', async () => {
    server.use(
      http.post(`${BASE}/api/invite/bulk`, () =>
        HttpResponse.json({ code: 'UNAUTHORIZED', message: 'Please sign in' }, { status: 401 }),
      ),
    );
    const { api, sessions, lostSession } = adapter();
    await expect(api.importUsers({ file, mapping, sendInvitations: false })).rejects.toMatchObject({
      reason: 'signed-out',
    });
    expect(sessions.token()).toBeNull();
    expect(lostSession()).toBe(true);
  });

  it('refuses an answer that breaks the contract', async () => {
    server.use(http.post(`${BASE}/api/invite/bulk`, () => HttpResponse.json({ created: 'many' })));
    await expect(adapter().api.importUsers({ file, mapping, sendInvitations: false })).rejects.toThrow();
  });
});
