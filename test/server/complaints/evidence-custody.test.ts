import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_FILES_MIGRATE, JOB_FILES_SWEEP, migratedKey } from '../../../server/platform/file-jobs';
import { S3FileUrls } from '../../../server/platform/s3-file-urls';
import { EmbeddedFileUrls } from '../../../server/platform/signed-files';
import { UrlSigner } from '../../../server/platform/signed-urls';
import { EVIDENCE_QUOTAS } from '../../../server/case/complaints/evidence.service';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { startTestS3, type TestS3 } from '../support/test-s3';
import { buildCommittee, buildUser, buildWorkspace, type BuiltWorkspace } from '../support/factories';

const CASE = '/case-api/api';
const NAME = 'photo of Meera Kapoor at the offsite.jpg';
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const pdfText = async (bytes: Buffer) =>
  (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text.replace(/\s+/g, ' ');

/** A small real PNG: signature, IHDR of 3x2, and the rest of the file does not matter to the header check. */
const png = () =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    Buffer.from('IHDR'),
    Buffer.from([0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0, 0x12, 0x34, 0x56, 0x78]),
    Buffer.from('words of the chat: meet me after hours'),
  ]);

/** The embedded store, which can be made to run out of space mid-write (as a full disk does: ENOSPC). */
class FillingStore extends EmbeddedFileUrls {
  full = false;
  override async writeStream(workspaceId: string, key: string, pieces: AsyncIterable<Uint8Array>): Promise<void> {
    if (!this.full) return super.writeStream(workspaceId, key, pieces);
    let written = 0;
    for await (const piece of pieces) {
      written += piece.length;
      if (written > 64 * 1024)
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    }
  }
}

interface Person {
  id: string;
  email: string;
  token: string;
}

describe.each(DATABASES)('every piece of evidence through the vault, bounded and named safely, on %s', (kind) => {
  let server: TestServer;
  let store: FillingStore;
  let root: string;
  let acmeId: string;
  /** The workspace of this file's cases, built for it, and its host. */
  let ws: BuiltWorkspace;
  let ACME: string;
  let admin: string;
  let employee: Person;
  let presiding: Person;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: object) =>
    server.request(ACME, {
      method,
      url: `${CASE}${url}`,
      ...(token ? { token } : {}),
      ...(payload ? { payload } : {}),
    });
  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: object) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  /** A reporter's call, from `address` (the socket's). */
  const asReporter = (url: string, payload: object, address: string) =>
    server.request(ACME, { method: 'POST', url: `${CASE}${url}`, payload, remoteAddress: address });
  /** A new anonymous report from `address`: its case id and receipt session. */
  const newReport = async (address: string) => {
    const res = await asReporter(
      '/intake',
      {
        respondent: { name: 'Rahul Respondent', gender: 'MAN', description: 'Team lead' },
        incident: {
          details: 'Remarks at the offsite.',
          date: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
          witnesses: [],
        },
      },
      address,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { session, caseNumber } = res.json();
    const [c] = await server.db.query<{ id: string }>(
      `SELECT id FROM complaints WHERE workspace_id = $1 AND case_number = $2`,
      [acmeId, Number(String(caseNumber).replace(/\D/g, ''))],
    );
    return { session: session as string, caseId: c.id };
  };
  const fileRow = async (id: string) => {
    const [row] = await server.db.tenant(acmeId, (tx) =>
      tx.query<{ storage_key: string; declared_name: string; sha256: string | null; status: string }>(
        `SELECT storage_key, declared_name, sha256, status FROM files WHERE workspace_id = $1 AND id = $2`,
        [acmeId, id],
      ),
    );
    return row ?? null;
  };
  const memberUpload = async (bytes: Buffer, name = NAME) => {
    const ticket = await ok('POST', '/complaint-evidence/upload-url', employee.token, {
      fileName: name,
      size: Math.max(bytes.length, 1),
    });
    const put = await server.request(ACME, {
      method: 'PUT',
      url: ticket.uploadUrl,
      payload: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    });
    return { ticket, put };
  };

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'safeplace-custody-'));
    store = new FillingStore(root, new UrlSigner(randomBytes(32)));
    server = await startTestServer(kind, {}, { fileUrls: store, jobs: true });
    ws = await buildWorkspace(server, { jurisdictionCode: 'IN' });
    [ACME, acmeId, admin] = [ws.host, ws.id, ws.admin.token];
    employee = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
    presiding = (await buildCommittee(server, ws)).presiding;
    const wf = await ok('POST', '/admin/workflow', admin, { workflowName: 'Custody test', defaultToWorkspace: true });
    const v = await ok('POST', `/admin/workflow/${wf.workflowId}/version`, admin, { name: 'v1' });
    await ok('POST', `/admin/step/workflow/${v.workflowVersionId}`, admin, { kind: 'MEETING', name: 'Hearing' });
    await ok('POST', '/admin/workflow/publish', admin, {
      workflowId: wf.workflowId,
      workflowVersionId: v.workflowVersionId,
    });
  });
  afterAll(async () => {
    await server?.close();
    await rm(root, { recursive: true, force: true });
  });

  it("keeps an anonymous reporter's evidence as ciphertext at rest, named nowhere in clear, with its SHA-256 on the lists and in the export", async () => {
    const { session, caseId } = await newReport('192.0.2.10');
    const bytes = png();
    const t = await asReporter(
      '/intake/receipt/evidence/upload-url',
      { session, fileName: NAME, size: bytes.length },
      '192.0.2.10',
    );
    expect(t.statusCode, t.body).toBe(200);
    const ticket = t.json();
    // The URL and the storage key carry nothing of the name.
    expect(ticket.uploadUrl).toMatch(/^\/evidence-files\//);
    for (const word of ['photo', 'Meera', 'Kapoor', 'offsite'])
      expect(decodeURIComponent(ticket.uploadUrl)).not.toContain(word);
    expect((await server.request(ACME, { method: 'PUT', url: ticket.uploadUrl, payload: bytes })).statusCode).toBe(201);
    const confirmed = await asReporter(`/intake/receipt/evidence/${ticket.fileId}/confirm`, { session }, '192.0.2.10');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      fileName: NAME,
      size: bytes.length,
      contentType: 'image/png',
      sha256: sha(bytes),
    });

    const row = (await fileRow(ticket.fileId))!;
    expect(row.storage_key).toMatch(new RegExp(`^${acmeId}/[0-9a-f]{24}$`));
    expect(row.declared_name).not.toContain('Meera');
    expect(row.sha256).toBe(sha(bytes));
    // The stored bytes are ciphertext: neither the words nor the PNG header are there.
    const onDisk = await readFile(path.join(root, row.storage_key));
    expect(onDisk.includes(Buffer.from('meet me after hours'))).toBe(false);
    expect(onDisk.includes(Buffer.from('IHDR'))).toBe(false);
    // No name in the whole files table or the case's access log.
    const dump = JSON.stringify(
      await server.db.tenant(acmeId, (tx) =>
        tx.query(
          `SELECT f.*, (SELECT json_agg(a) FROM complaint_audit_events a WHERE a.workspace_id = f.workspace_id) AS log FROM files f WHERE f.workspace_id = $1`,
          [acmeId],
        ),
      ),
    );
    expect(dump).not.toContain('Meera');

    // The committee's list shows it with its hash; the download URL has no name, the Content-Disposition has it.
    const detail = await ok('GET', `/complaints/${caseId}`, presiding.token);
    expect(detail.evidence).toEqual([expect.objectContaining({ fileName: NAME, sha256: sha(bytes) })]);
    const link = await ok('GET', `/complaints/${caseId}/evidence/${ticket.fileId}`, presiding.token);
    expect(link.fileName).toBe(NAME);
    for (const word of ['photo', 'Meera', 'offsite']) expect(decodeURIComponent(link.downloadUrl)).not.toContain(word);
    const res = await server.request(ACME, { method: 'GET', url: link.downloadUrl });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(NAME)}`);

    const exported = await call('POST', `/complaints/${caseId}/export`, presiding.token, { purpose: 'LEGAL_REVIEW' });
    expect(exported.statusCode, exported.body).toBe(200);
    const text = await pdfText(exported.rawPayload);
    expect(text.replace(/ /g, '')).toContain(`SHA-256${sha(bytes)}`);
  });

  it('refuses an empty evidence file and a 3-byte "JPEG", keeping neither', async () => {
    const empty = await memberUpload(Buffer.alloc(0));
    expect(empty.put.statusCode).toBe(400);
    expect(empty.put.json().code).toBe('EMPTY_FILE');
    expect((await call('POST', `/complaint-evidence/${empty.ticket.fileId}/confirm`, employee.token)).statusCode).toBe(
      409,
    );

    const fake = await memberUpload(Buffer.from([0xff, 0xd8, 0xff]), 'fake.jpg');
    expect(fake.put.statusCode).toBe(201);
    const refused = await call('POST', `/complaint-evidence/${fake.ticket.fileId}/confirm`, employee.token);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toMatch(/JPEG image, but it has no readable image header/);
    expect(await fileRow(fake.ticket.fileId)).toBeNull();

    // A real image is kept.
    const real = await memberUpload(png(), 'real.png');
    expect(real.put.statusCode).toBe(201);
    expect((await ok('POST', `/complaint-evidence/${real.ticket.fileId}/confirm`, employee.token)).contentType).toBe(
      'image/png',
    );
  });

  it('answers an upload on a full disk with 507 at once, and leaves no file', async () => {
    store.full = true;
    try {
      const bytes = randomBytes(300 * 1024);
      const ticket = await ok('POST', '/complaint-evidence/upload-url', employee.token, {
        fileName: 'voice.m4a',
        size: bytes.length,
      });
      const started = Date.now();
      const put = await server.request(ACME, { method: 'PUT', url: ticket.uploadUrl, payload: bytes });
      expect(put.statusCode).toBe(507);
      expect(put.json().code).toBe('INSUFFICIENT_STORAGE');
      expect(Date.now() - started).toBeLessThan(5_000);
      expect((await call('POST', `/complaint-evidence/${ticket.fileId}/confirm`, employee.token)).statusCode).toBe(409);
    } finally {
      store.full = false;
    }
  }, 15_000);

  it("refuses a report's 21st upload URL, and a network's uploads past the day's budget", async () => {
    const { session } = await newReport('192.0.2.20');
    for (let i = 0; i < 20; i++) {
      const t = await asReporter(
        '/intake/receipt/evidence/upload-url',
        { session, fileName: `n${i}.txt`, size: 10 },
        '192.0.2.20',
      );
      expect(t.statusCode, t.body).toBe(200);
    }
    const over = await asReporter(
      '/intake/receipt/evidence/upload-url',
      { session, fileName: 'n20.txt', size: 10 },
      '192.0.2.20',
    );
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'EVIDENCE_LIMIT' });
    expect(over.json().message).toBe('This report has 20 evidence files already, the most allowed.');

    // 500 MB a day from one network: 100 MB URLs over three reports, the sixth is refused.
    const hundred = 100 * 1024 * 1024;
    const codes: number[] = [];
    for (let r = 0; r < 3; r++) {
      const { session: s } = await newReport('192.0.2.30');
      for (let i = 0; i < 2; i++)
        codes.push(
          (
            await asReporter(
              '/intake/receipt/evidence/upload-url',
              { session: s, fileName: 'v.mp4', size: hundred },
              '192.0.2.30',
            )
          ).statusCode,
        );
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    // Another network is not held back by it.
    const { session: other } = await newReport('192.0.2.31');
    expect(
      (
        await asReporter(
          '/intake/receipt/evidence/upload-url',
          { session: other, fileName: 'v.mp4', size: hundred },
          '192.0.2.31',
        )
      ).statusCode,
    ).toBe(200);
  });

  it("refuses the public path's uploads past the workspace's budget of the day, from any network", async () => {
    const [spent] = await server.db.tenant(acmeId, (tx) =>
      tx.query<{ bytes: string }>(
        `SELECT bytes FROM evidence_upload_budgets WHERE workspace_id = $1 AND subject = 'workspace' AND day = (now() AT TIME ZONE 'UTC')::date`,
        [acmeId],
      ),
    );
    const before = EVIDENCE_QUOTAS.publicPerWorkspaceDaily;
    // The day's budget set to what was spent so far and 1 MB more (the default, 5 GB, is too much to spend in a test).
    EVIDENCE_QUOTAS.publicPerWorkspaceDaily = Number(spent?.bytes ?? 0) + 1024 * 1024;
    try {
      const a = await newReport('192.0.2.70');
      const b = await newReport('192.0.2.71');
      expect(
        (
          await asReporter(
            '/intake/receipt/evidence/upload-url',
            { session: a.session, fileName: 'a.txt', size: 1024 * 1024 },
            '192.0.2.70',
          )
        ).statusCode,
      ).toBe(200);
      const over = await asReporter(
        '/intake/receipt/evidence/upload-url',
        { session: b.session, fileName: 'b.txt', size: 1 },
        '192.0.2.71',
      );
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ code: 'UPLOAD_BUDGET_SPENT' });
      expect(over.json().message).toMatch(/in this workspace/);
    } finally {
      EVIDENCE_QUOTAS.publicPerWorkspaceDaily = before;
    }
  });

  it("refuses a member's 21st unfiled evidence upload", async () => {
    const [{ n }] = await server.db.tenant(acmeId, (tx) =>
      tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM files f WHERE f.workspace_id = $1 AND f.owner_id = $2 AND f.purpose = 'EVIDENCE'
          AND NOT EXISTS (SELECT 1 FROM complaint_evidence e WHERE e.workspace_id = f.workspace_id AND e.file_id = f.id)`,
        [acmeId, employee.id],
      ),
    );
    for (let i = n; i < 20; i++)
      expect(
        (await call('POST', '/complaint-evidence/upload-url', employee.token, { fileName: 'a.txt', size: 5 }))
          .statusCode,
      ).toBe(200);
    const over = await call('POST', '/complaint-evidence/upload-url', employee.token, { fileName: 'a.txt', size: 5 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'EVIDENCE_LIMIT',
      message: 'You have 20 evidence files not yet filed on a case already, the most allowed.',
    });
    // Left for the next tests: the member's never-uploaded files are gone (the sweep would take them after a day).
    await server.db.tenant(acmeId, (tx) =>
      tx.query(
        `DELETE FROM files WHERE workspace_id = $1 AND owner_id = $2 AND purpose = 'EVIDENCE' AND status = 'PENDING'`,
        [acmeId, employee.id],
      ),
    );
  });

  it('keeps no name in the keys of course files either, and still downloads them under their name', async () => {
    const author = admin;
    const ticket = await server.request(ACME, {
      method: 'POST',
      url: '/learning-api/api/lesson-content/generate-upload-url',
      token: author,
      payload: { purpose: 'IMAGE', fileName: 'Meera at the offsite.png', size: png().length },
    });
    expect(ticket.statusCode, ticket.body).toBe(200);
    const { fileId, uploadUrl } = ticket.json();
    expect(decodeURIComponent(uploadUrl)).not.toContain('Meera');
    expect((await server.request(ACME, { method: 'PUT', url: uploadUrl, payload: png() })).statusCode).toBe(201);
    const confirmed = await server.request(ACME, {
      method: 'POST',
      url: `/learning-api/api/lesson-content/confirm-upload/${fileId}`,
      token: author,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { downloadUrl } = confirmed.json();
    expect(decodeURIComponent(downloadUrl)).not.toContain('Meera');
    const got = await server.request(ACME, { method: 'GET', url: downloadUrl });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-disposition']).toContain(encodeURIComponent('Meera at the offsite.png'));
    expect((await readdir(path.join(root, acmeId))).some((f) => f.includes('Meera'))).toBe(false);
  });
  const exists = (file: string) =>
    stat(file).then(
      () => true,
      () => false,
    );
  const runJob = async (name: string) => {
    await server.jobs!.send(name, {});
    return server.jobs!.runPending([name]);
  };
  const age = (id: string, hours: number) =>
    server.db.tenant(acmeId, (tx) =>
      tx.query(`UPDATE files SET created_at = now() - make_interval(hours => $3) WHERE workspace_id = $1 AND id = $2`, [
        acmeId,
        id,
        hours,
      ]),
    );

  it('sweeps part files, pending uploads and evidence on no case after a day, and keeps newer ones and filed evidence', async () => {
    const dir = path.join(root, acmeId);
    await mkdir(dir, { recursive: true });
    const oldPart = path.join(dir, `${'a'.repeat(24)}.1234abcd.part`);
    const newPart = path.join(dir, `${'b'.repeat(24)}.1234abcd.part`);
    await writeFile(oldPart, 'half an upload');
    await writeFile(newPart, 'an upload under way');
    const twoDaysAgo = new Date(Date.now() - 48 * 3600_000);
    await utimes(oldPart, twoDaysAgo, twoDaysAgo);

    // A member's evidence: pending old and new, confirmed but never filed old and new.
    const pendingOld = (await memberUpload(png(), 'p-old.png')).ticket.fileId;
    const pendingNew = (
      await ok('POST', '/complaint-evidence/upload-url', employee.token, { fileName: 'p-new.png', size: 10 })
    ).fileId;
    const unfiledOld = (await memberUpload(png(), 'u-old.png')).ticket.fileId;
    await ok('POST', `/complaint-evidence/${unfiledOld}/confirm`, employee.token);
    const unfiledNew = (await memberUpload(png(), 'u-new.png')).ticket.fileId;
    await ok('POST', `/complaint-evidence/${unfiledNew}/confirm`, employee.token);
    // A reporter's: one pending (old), one on the case (old, kept).
    const { session } = await newReport('192.0.2.40');
    const rPending = (
      await asReporter('/intake/receipt/evidence/upload-url', { session, fileName: 'r.png', size: 10 }, '192.0.2.40')
    ).json().fileId;
    const filed = (
      await asReporter(
        '/intake/receipt/evidence/upload-url',
        { session, fileName: 'filed.png', size: png().length },
        '192.0.2.40',
      )
    ).json();
    expect((await server.request(ACME, { method: 'PUT', url: filed.uploadUrl, payload: png() })).statusCode).toBe(201);
    expect(
      (await asReporter(`/intake/receipt/evidence/${filed.fileId}/confirm`, { session }, '192.0.2.40')).statusCode,
    ).toBe(200);
    const keyOf = async (id: string) => (await fileRow(id))!.storage_key;
    const oldKeys = [await keyOf(pendingOld), await keyOf(unfiledOld)];
    for (const id of [pendingOld, unfiledOld, rPending, filed.fileId]) await age(id, 30);

    expect(await runJob(JOB_FILES_SWEEP)).toEqual({ completed: 1, failed: 0 });
    for (const id of [pendingOld, unfiledOld, rPending]) expect(await fileRow(id)).toBeNull();
    for (const key of oldKeys) expect(await exists(path.join(root, key))).toBe(false);
    for (const id of [pendingNew, unfiledNew, filed.fileId]) expect(await fileRow(id)).not.toBeNull();
    expect(await exists(path.join(root, await keyOf(filed.fileId)))).toBe(true);
    expect(await exists(oldPart)).toBe(false);
    expect(await exists(newPart)).toBe(true);
    const [intake] = await server.db.tenant(acmeId, (tx) =>
      tx.query<{ pending: string[] }>(
        `SELECT pending_file_ids::text[] AS pending FROM complaint_intakes WHERE workspace_id = $1 AND $2::uuid = ANY(pending_file_ids)`,
        [acmeId, rPending],
      ),
    );
    expect(intake).toBeUndefined();
  });

  it('re-encrypts plain evidence and moves named files to random keys, resumably; downloads still work', async () => {
    const { caseId } = await newReport('192.0.2.50');
    const plain = Buffer.from('Saved chat: meet me after hours, Meera\n'.repeat(5000));
    const plainKey = `${acmeId}/${'c'.repeat(24)}-photo_of_Meera_Kapoor_at_the_offsite.txt`;
    await writeFile(path.join(root, plainKey), plain);
    const [ev] = await server.db.tenant(acmeId, async (tx) => {
      const rows = await tx.query<{ id: string }>(
        `INSERT INTO files (workspace_id, owner_id, purpose, declared_name, declared_size, storage_key, size, detected_type, status, confirmed_at)
         VALUES ($1, NULL, 'EVIDENCE', $2, $3, $4, $3, 'text/plain', 'CONFIRMED', now()) RETURNING id`,
        [acmeId, NAME, plain.length, plainKey],
      );
      await tx.query(
        `INSERT INTO complaint_evidence (workspace_id, complaint_id, file_id, added_by) VALUES ($1, $2, $3, NULL)`,
        [acmeId, caseId, rows[0].id],
      );
      return rows;
    });
    // A run that stopped after writing the new object, before switching the row: the next run writes it again.
    await writeFile(path.join(root, migratedKey(acmeId, ev.id)), 'left by a stopped run');
    // A course image stored under a named key.
    const image = png();
    const imageKey = `${acmeId}/${'d'.repeat(24)}-Meera_at_the_offsite.png`;
    await writeFile(path.join(root, imageKey), image);
    const admin1 = ws.admin;
    const [img] = await server.db.tenant(acmeId, (tx) =>
      tx.query<{ id: string }>(
        `INSERT INTO files (workspace_id, owner_id, purpose, declared_name, declared_size, storage_key, size, detected_type, status, confirmed_at)
         VALUES ($1, $2, 'IMAGE', 'Meera at the offsite.png', $3, $4, $3, 'image/png', 'CONFIRMED', now()) RETURNING id`,
        [acmeId, admin1.id, image.length, imageKey],
      ),
    );

    expect(await runJob(JOB_FILES_MIGRATE)).toEqual({ completed: 1, failed: 0 });
    const row = (await fileRow(ev.id))!;
    expect(row.storage_key).toBe(migratedKey(acmeId, ev.id));
    expect(row.declared_name).not.toContain('Meera');
    expect(row.sha256).toBe(sha(plain));
    expect(await exists(path.join(root, plainKey))).toBe(false);
    const sealed = await readFile(path.join(root, row.storage_key));
    expect(sealed.includes(Buffer.from('meet me after hours'))).toBe(false);
    const link = await ok('GET', `/complaints/${caseId}/evidence/${ev.id}`, presiding.token);
    expect(link.fileName).toBe(NAME);
    expect(link.downloadUrl).toMatch(/^\/evidence-files\//);
    const got = await server.request(ACME, { method: 'GET', url: link.downloadUrl });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(plain)).toBe(true);

    const moved = (await fileRow(img.id))!;
    expect(moved.storage_key).toBe(migratedKey(acmeId, img.id));
    expect(await exists(path.join(root, imageKey))).toBe(false);
    const url = await store.downloadUrl(acmeId, moved.storage_key, { seconds: 60, disposition: 'inline' });
    expect(url).not.toContain('Meera');
    const shown = await server.request(ACME, { method: 'GET', url });
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(image)).toBe(true);
    expect(shown.headers['content-disposition']).toContain(encodeURIComponent('Meera at the offsite.png'));
    expect((await readFile(path.join(root, moved.storage_key))).equals(image)).toBe(true);

    // Run twice: nothing more to do, nothing changed.
    expect(await runJob(JOB_FILES_MIGRATE)).toEqual({ completed: 1, failed: 0 });
    expect((await readFile(path.join(root, row.storage_key))).equals(sealed)).toBe(true);
    expect((await fileRow(ev.id))!.storage_key).toBe(row.storage_key);

    // A run stopped after switching a row, before removing the old object: the next run removes it.
    const stale = `${acmeId}/${'e'.repeat(24)}-old_name.txt`;
    await writeFile(path.join(root, stale), 'old bytes');
    await server.db.tenant(acmeId, (tx) =>
      tx.query(`UPDATE files SET previous_storage_key = $3 WHERE workspace_id = $1 AND id = $2`, [
        acmeId,
        img.id,
        stale,
      ]),
    );
    expect(await runJob(JOB_FILES_MIGRATE)).toEqual({ completed: 1, failed: 0 });
    expect(await exists(path.join(root, stale))).toBe(false);
    const [after] = await server.db.tenant(acmeId, (tx) =>
      tx.query<{ previous_storage_key: string | null }>(
        `SELECT previous_storage_key FROM files WHERE workspace_id = $1 AND id = $2`,
        [acmeId, img.id],
      ),
    );
    expect(after.previous_storage_key).toBeNull();
  });
});

describe.each(DATABASES)('evidence through the vault in an S3-compatible store, on %s', (kind) => {
  const BUCKET = 'custody';
  let s3: TestS3;
  let dir: string;
  let urls: S3FileUrls;
  let server: TestServer;
  let acmeId: string;
  let ACME: string;
  const object = (key: string) => readFile(path.join(dir, BUCKET, `${key}._S3rver_object`));

  beforeAll(async () => {
    s3 = await startTestS3(BUCKET);
    ({ urls, directory: dir } = s3);
    server = await startTestServer(kind, {}, { fileUrls: urls, jobs: true });
    const ws = await buildWorkspace(server, { jurisdictionCode: 'IN' });
    [ACME, acmeId] = [ws.host, ws.id];
    const admin = ws.admin.token;
    const post = async (url: string, payload: object) =>
      (await server.request(ACME, { method: 'POST', url: `${CASE}${url}`, token: admin, payload })).json();
    const wf = await post('/admin/workflow', { workflowName: 'S3 custody', defaultToWorkspace: true });
    const v = await post(`/admin/workflow/${wf.workflowId}/version`, { name: 'v1' });
    await post(`/admin/step/workflow/${v.workflowVersionId}`, { kind: 'MEETING', name: 'Hearing' });
    await post('/admin/workflow/publish', { workflowId: wf.workflowId, workflowVersionId: v.workflowVersionId });
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  it("stores an anonymous reporter's evidence as ciphertext under a random key", async () => {
    const reporter = (url: string, payload: object) =>
      server.request(ACME, { method: 'POST', url: `${CASE}${url}`, payload, remoteAddress: '192.0.2.60' });
    const filed = await reporter('/intake', {
      respondent: { name: 'Rahul Respondent', gender: 'MAN', description: 'Team lead' },
      incident: {
        details: 'Remarks at the offsite.',
        date: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
        witnesses: [],
      },
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const { session } = filed.json();
    const bytes = png();
    const ticket = (
      await reporter('/intake/receipt/evidence/upload-url', { session, fileName: NAME, size: bytes.length })
    ).json();
    expect((await server.request(ACME, { method: 'PUT', url: ticket.uploadUrl, payload: bytes })).statusCode).toBe(201);
    const confirmed = await reporter(`/intake/receipt/evidence/${ticket.fileId}/confirm`, { session });
    expect(confirmed.json()).toMatchObject({ fileName: NAME, contentType: 'image/png', sha256: sha(bytes) });
    const [row] = await server.db.tenant(acmeId, (tx) =>
      tx.query<{ storage_key: string }>(`SELECT storage_key FROM files WHERE workspace_id = $1 AND id = $2`, [
        acmeId,
        ticket.fileId,
      ]),
    );
    expect(row.storage_key).toMatch(new RegExp(`^${acmeId}/[0-9a-f]{24}$`));
    const stored = await object(row.storage_key);
    expect(stored.includes(Buffer.from('meet me after hours'))).toBe(false);
    expect(stored.includes(Buffer.from('IHDR'))).toBe(false);
  });

  it('re-encrypts a plain evidence object under a random key, twice without harm, and serves it back', async () => {
    const plain = Buffer.from('Saved chat: meet me after hours, Meera\n'.repeat(3000));
    const named = `${acmeId}/${'f'.repeat(24)}-photo_of_Meera.txt`;
    await urls.writeStream(
      acmeId,
      named,
      (async function* () {
        yield plain;
      })(),
      plain.length,
    );
    const [ev] = await server.db.tenant(acmeId, (tx) =>
      tx.query<{ id: string }>(
        `INSERT INTO files (workspace_id, owner_id, purpose, declared_name, declared_size, storage_key, size, detected_type, status, confirmed_at)
         VALUES ($1, NULL, 'EVIDENCE', $2, $3, $4, $3, 'text/plain', 'CONFIRMED', now()) RETURNING id`,
        [acmeId, NAME, plain.length, named],
      ),
    );
    for (let run = 0; run < 2; run++) {
      await server.jobs!.send(JOB_FILES_MIGRATE, {});
      expect(await server.jobs!.runPending([JOB_FILES_MIGRATE])).toEqual({ completed: 1, failed: 0 });
    }
    const [row] = await server.db.tenant(acmeId, (tx) =>
      tx.query<{ storage_key: string; sha256: string }>(
        `SELECT storage_key, sha256 FROM files WHERE workspace_id = $1 AND id = $2`,
        [acmeId, ev.id],
      ),
    );
    expect(row.storage_key).toBe(migratedKey(acmeId, ev.id));
    expect(row.sha256).toBe(sha(plain));
    expect(await urls.stat(acmeId, named)).toBeNull();
    expect((await object(row.storage_key)).includes(Buffer.from('meet me after hours'))).toBe(false);
    const res = await server.request(ACME, { method: 'GET', url: server.evidence.downloadUrl(row.storage_key, 60) });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(plain)).toBe(true);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent(NAME));
  });
});
