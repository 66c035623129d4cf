import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadLimits } from '../../../src/domain/files/uploads';
import { S3FileUrls } from '../../../server/platform/s3-file-urls';
import { buildWorkspace, type BuiltWorkspace } from '../support/factories';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { startTestS3, type TestS3 } from '../support/test-s3';
import { DOCX, mp4, PNG } from '../support/sample-files';

const LIMITS: UploadLimits = { VIDEO: 256 * 1024, IMAGE: 4096, PDF: 64 * 1024, CAPTIONS: 4096, DOCUMENT: 64 * 1024 };
const BUCKET = 'course-files';

/**
 * The S3 adapter against a local S3-compatible server (s3rver, from npm), through the real API: the browser's PUT
 * and GET go to the store's presigned URLs, the confirm reads the stored object. s3rver checks a URL's expiry and its
 * access key but not a SigV4 signature, so a tampered S3 URL is the store's own test, not this one's.
 */
describe.each(DATABASES)('course uploads to an S3-compatible store on %s', (kind) => {
  let s3: TestS3;
  let store: string;
  let urls: S3FileUrls;
  let endpoint: string;
  let server: TestServer;
  let ws: BuiltWorkspace;
  let admin: string;
  let acmeId: string;

  beforeAll(async () => {
    s3 = await startTestS3(BUCKET);
    ({ urls, directory: store, endpoint } = s3);
    server = await startTestServer(kind, { uploadLimits: LIMITS }, { fileUrls: urls });
    ws = await buildWorkspace(server);
    admin = ws.admin.token;
    acmeId = ws.id;
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  const post = (url: string, payload?: object) =>
    server.request(ws.host, {
      method: 'POST',
      url: `/learning-api/api${url}`,
      token: admin,
      ...(payload ? { payload } : {}),
    });
  /** The objects the store holds for the workspace (s3rver keeps each as `<name>._S3rver_object`, with its metadata beside it). */
  const objects = async () =>
    (await readdir(path.join(store, BUCKET, acmeId)).catch(() => [] as string[])).filter((f) =>
      f.endsWith('._S3rver_object'),
    );

  async function upload(purpose: string, fileName: string, bytes: Buffer, declared = bytes.length) {
    const ticket = await post('/lesson-content/generate-upload-url', { purpose, fileName, size: declared });
    expect(ticket.statusCode, ticket.body).toBe(200);
    const { fileId, uploadUrl, headers, method } = ticket.json();
    expect(uploadUrl.startsWith(`${endpoint}/${BUCKET}/${acmeId}/`)).toBe(true);
    const put = await fetch(uploadUrl, { method, headers, body: new Uint8Array(bytes) });
    expect(put.status).toBe(200);
    return { fileId: fileId as string, confirm: await post(`/lesson-content/confirm-upload/${fileId}`) };
  }

  it('puts a video to a presigned URL, confirms it by its bytes, and the store serves ranges to a presigned GET', async () => {
    const video = mp4(50_000);
    const { confirm } = await upload('VIDEO', 'Module 1.mp4', video);
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json()).toMatchObject({ contentType: 'video/mp4', size: video.length, status: 'CONFIRMED' });
    const part = await fetch(confirm.json().downloadUrl, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${video.length}`);
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(part.headers.get('content-disposition')).toMatch(/^inline; filename="Module 1.mp4"/);
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(1000, 2000))).toBe(true);
  });

  it('reads an Office document’s parts from the end of the stored object', async () => {
    const { confirm } = await upload('DOCUMENT', 'Handbook.docx', DOCX);
    expect(confirm.json().contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  });

  it('deletes a refused or oversized object from the store, and its record', async () => {
    const before = await objects();
    expect(before.length).toBeGreaterThan(0); // the video and the document before
    const renamed = await upload('PDF', 'Policy.pdf', PNG);
    expect(renamed.confirm.statusCode).toBe(415);
    expect(renamed.confirm.json().message).toBe('This file is not a PDF. Accepted: PDF.');
    // A client that declares a small file and sends more: a store that checks signed headers refuses the PUT;
    // whatever a store kept, the confirm measures it and deletes it.
    const liar = await upload('IMAGE', 'liar.png', Buffer.concat([PNG, Buffer.alloc(8000)]), 1000);
    expect(liar.confirm.statusCode).toBe(413);
    expect(liar.confirm.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(await objects()).toEqual(before);
    expect(
      await server.db.query(`SELECT 1 FROM files WHERE id = ANY($1::uuid[])`, [[renamed.fileId, liar.fileId]]),
    ).toEqual([]);
  });

  it('hands out download URLs that expire', async () => {
    const { confirm } = await upload('IMAGE', 'a.png', PNG);
    const key = decodeURIComponent(new URL(confirm.json().downloadUrl).pathname.slice(`/${BUCKET}/`.length));
    expect((await fetch(confirm.json().downloadUrl)).status).toBe(200);
    // (The signing time is kept to the second, so a one-second URL is only sure to work at once on an idle machine.)
    const soon = await urls.downloadUrl(acmeId, key, { seconds: 1, disposition: 'inline', type: 'image/png' });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await fetch(soon)).status).toBe(403);
  });

  it('lets the page reach the store: its origin is in the Content-Security-Policy', async () => {
    const res = await server.request(ws.host, { method: 'GET', url: '/config.json' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`connect-src 'self' ${endpoint}`);
    expect(csp).toContain(`media-src 'self' blob: ${endpoint}`);
  });
});
