import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import {
  buildCommittee,
  buildUser,
  buildWorkspace,
  type BuiltCommittee,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';

/**
 * Finding 6 of the insider review through a completed upload (docs/case.md "Evidence at rest"): a file named after the
 * person it shows goes all the way (ticket, upload, confirm, filed with a complaint, downloaded), and its name is in no
 * storage key, no address, no column of the database in clear, no file name on disk and no log entry; only the case
 * reads it back, to those the case shows its evidence.
 */
const CASE = '/case-api/api';

describe.each(DATABASES)('an evidence file’s name through a completed upload, on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let committee: BuiltCommittee;
  let complainant: BuiltUser;
  let respondent: BuiltUser;

  beforeAll(async () => {
    server = await startTestServer(kind);
    ws = await buildWorkspace(server);
    committee = await buildCommittee(server, ws);
    complainant = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Complainant' });
    respondent = await buildUser(server, ws, { firstName: 'Rahul', lastName: 'Respondent' });
  });
  afterAll(async () => server?.close());

  it('keeps "photo of <name> at the offsite.jpg" out of every key, address, column and log, and reads it back only through the case', async () => {
    // The person in the photo is named nowhere else: any trace of the name is the file's.
    const name = 'photo of Tanvir Qadriwala at the offsite.jpg';
    const parts = ['offsite', 'Tanvir', 'Qadriwala'];
    const clear = (text: string, where: string) => {
      for (const part of parts) expect(decodeURIComponent(text), where).not.toContain(part);
    };
    const as = (who: BuiltUser, method: 'GET' | 'POST', url: string, payload?: object) =>
      server.request(ws.host, { method, url, token: who.token, ...(payload ? { payload } : {}) });

    // A JPEG's header (JFIF, then a 1x1 frame), then bytes: the server types it by its bytes.
    const bytes = Buffer.concat([
      Buffer.from('ffd8ffe000104a46494600010100000100010000ffc0001108000100010301220002110103110100', 'hex'),
      randomBytes(4000),
    ]);
    const t = await as(complainant, 'POST', `${CASE}/complaint-evidence/upload-url`, {
      fileName: name,
      size: bytes.length,
    });
    expect(t.statusCode, t.body).toBe(200);
    const ticket = t.json() as { fileId: string; uploadUrl: string };
    clear(ticket.uploadUrl, 'upload address');
    const put = await server.request(ws.host, {
      method: 'PUT',
      url: ticket.uploadUrl,
      payload: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(put.statusCode, put.body).toBe(201);
    clear(put.body, 'upload answer');
    const confirmed = await as(complainant, 'POST', `${CASE}/complaint-evidence/${ticket.fileId}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // The uploader is told back what they chose.
    expect(confirmed.json()).toMatchObject({ fileName: name, contentType: 'image/jpeg' });

    const filed = await as(complainant, 'POST', `${CASE}/complaints`, {
      complainant: {
        name: `${complainant.firstName} ${complainant.lastName}`,
        email: complainant.email,
        gender: 'WOMAN',
      },
      respondent: { name: 'The person in the photo', email: respondent.email, gender: 'MAN' },
      incident: {
        details: 'Remarks at an event; a picture is attached.',
        date: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
        witnesses: [],
        evidenceFileIds: [ticket.fileId],
      },
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const caseId = filed.json().complaintId as string;

    // Read back through the case: the committee and the complainant see the name; the link does not carry it.
    for (const who of [committee.presiding, complainant]) {
      const detail = await as(who, 'GET', `${CASE}/complaints/${caseId}`);
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json().evidence).toEqual([expect.objectContaining({ fileId: ticket.fileId, fileName: name })]);
      const link = await as(who, 'GET', `${CASE}/complaints/${caseId}/evidence/${ticket.fileId}`);
      expect(link.statusCode, link.body).toBe(200);
      clear(link.json().downloadUrl, 'download address');
      const got = await server.request(ws.host, { method: 'GET', url: link.json().downloadUrl });
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(bytes)).toBe(true);
      expect(got.headers['content-type']).toBe('application/octet-stream');
    }
    // The respondent, an admin, another member of the workspace: nothing of the case or its file.
    for (const who of [respondent, ws.admin]) {
      expect((await as(who, 'GET', `${CASE}/complaints/${caseId}/evidence/${ticket.fileId}`)).statusCode).toBe(404);
      clear((await as(who, 'GET', `${CASE}/complaints`)).body, 'a list');
    }

    // The storage key and the store on disk: a random key under the workspace, and no name in any object's name.
    const [row] = await server.db.tenant(ws.id, (tx) =>
      tx.query<{ storage_key: string }>(`SELECT storage_key FROM files WHERE workspace_id = $1 AND id = $2`, [
        ws.id,
        ticket.fileId,
      ]),
    );
    expect(row.storage_key).toMatch(new RegExp(`^${ws.id}/[A-Za-z0-9_-]+$`));
    clear(row.storage_key, 'storage key');
    const stored = await readdir(path.join(server.filesRoot, ws.id), { recursive: true });
    expect(stored.length).toBeGreaterThan(0);
    for (const file of stored) clear(file, 'a stored object');
    for (const file of stored) {
      const full = path.join(server.filesRoot, ws.id, file);
      const text = await readFile(full).catch(() => null);
      if (text) for (const part of parts) expect(text.includes(Buffer.from(part)), file).toBe(false);
    }

    // No column of any table holds any part of the name in clear (the name is sealed with the file's key): every row of
    // this workspace, and every row of the tables that belong to no workspace (the demo seed's own cases are others').
    const columns = await server.db.query<{ table_name: string; column_name: string; scoped: boolean }>(
      `SELECT c.table_name, c.column_name,
              EXISTS (SELECT 1 FROM information_schema.columns w WHERE w.table_schema = c.table_schema AND w.table_name = c.table_name AND w.column_name = 'workspace_id') AS scoped
         FROM information_schema.columns c JOIN information_schema.tables t ON t.table_name = c.table_name AND t.table_schema = c.table_schema
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.data_type IN ('text', 'character varying', 'jsonb', 'json', 'ARRAY', 'character')`,
    );
    expect(columns.length).toBeGreaterThan(50);
    const holding: string[] = [];
    for (const { table_name, column_name, scoped } of columns) {
      for (const part of parts) {
        const [hit] = await server.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM "${table_name}" WHERE "${column_name}"::text ILIKE $1${scoped ? ' AND workspace_id = $2' : ''}`,
          scoped ? [`%${part}%`, ws.id] : [`%${part}%`],
        );
        if (hit.n > 0) holding.push(`${table_name}.${column_name}: ${part}`);
      }
    }
    expect(holding).toEqual([]);

    // The case's access log as its presiding officer reads it: uploads and downloads by file id only.
    const log = await as(committee.presiding, 'GET', `${CASE}/complaints/${caseId}/audit`);
    expect(log.statusCode).toBe(200);
    clear(log.body, 'the access log');
    expect(log.json().items.filter((e: { action: string }) => e.action === 'evidence.download')).toHaveLength(2);
  });
});
