import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3FileUrls } from '../../../server/platform/s3-file-urls';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { startTestS3, type TestS3 } from '../support/test-s3';
import { buildUser, buildWorkspace, type BuiltWorkspace } from '../support/factories';
import { csv, multipart, waitForJob } from '../imports/upload';

const BUCKET = 'server-files';
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 7, 7, 7,
]);

/**
 * The files the server writes itself, a profile picture and an import's uploaded file, go through the one file store:
 * with an S3-compatible store configured (s3rver, as the course uploads' test) the object is in the bucket, nothing is
 * written under the embedded folder, and the picture's download and the import job (which a process on another host
 * may run) read it back from the store.
 */
describe.each(DATABASES)('the server’s own files in an S3-compatible store on %s', (kind) => {
  let s3: TestS3;
  let store: string;
  let urls: S3FileUrls;
  let server: TestServer;
  let ws: BuiltWorkspace;

  beforeAll(async () => {
    s3 = await startTestS3(BUCKET);
    ({ urls, directory: store } = s3);
    server = await startTestServer(kind, {}, { fileUrls: urls });
    ws = await buildWorkspace(server);
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  /** The objects the bucket holds for the workspace (s3rver keeps each as `<name>._S3rver_object`). */
  const objects = async () =>
    (await readdir(path.join(store, BUCKET, ws.id)).catch(() => [] as string[]))
      .filter((f) => f.endsWith('._S3rver_object'))
      .map((f) => `${ws.id}/${f.slice(0, -'._S3rver_object'.length)}`);
  /** What the embedded folder holds for the workspace: nothing, when the store is S3. */
  const onDisk = async () => readdir(path.join(server.filesRoot, ws.id)).catch(() => [] as string[]);

  it('keeps a profile picture in the bucket, not on the disk, and serves it from there; a new one replaces it', async () => {
    const person = await buildUser(server, ws);
    const upload = async (bytes: Uint8Array) => {
      const target = await server.request(ws.host, {
        method: 'POST',
        url: '/main-api/api/user/generate-profile-image-upload-url',
        token: person.token,
        payload: {},
      });
      expect(target.statusCode, target.body).toBe(200);
      const data = new FormData();
      data.append('image', new Blob([bytes as BlobPart], { type: 'image/png' }), 'me.png');
      const body = new Response(data);
      const res = await server.request(ws.host, {
        method: 'POST',
        url: target.json().uploadUrl,
        payload: Buffer.from(await body.arrayBuffer()),
        headers: { 'content-type': body.headers.get('content-type')! },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().profileImageUrl as string;
    };
    const keyOf = async () =>
      (
        await server.db.query<{ key: string }>(`SELECT profile_image_key AS key FROM users WHERE id = $1`, [person.id])
      )[0].key;

    const first = await upload(PNG);
    const key = await keyOf();
    expect(await objects()).toContain(key);
    expect(await onDisk()).toEqual([]);
    const picture = await server.request(ws.host, { method: 'GET', url: first });
    expect(picture.statusCode).toBe(200);
    expect(new Uint8Array(picture.rawPayload)).toEqual(PNG);

    const second = await upload(Uint8Array.from([...PNG, 8]));
    expect(second).not.toBe(first);
    expect(await objects()).not.toContain(key);
    expect(await objects()).toContain(await keyOf());
    expect((await server.request(ws.host, { method: 'GET', url: first })).statusCode).toBe(404);
  });

  it('keeps an import’s file in the bucket, not on the disk; the job and its report read it from there', async () => {
    const content = csv(
      's3.1@import.test,Sita,One,,,,,,,,,',
      's3.2@import.test,Ravi,Two,,,,,,,,,',
      'broken,Bad,Row,,,,,,,,,',
    );
    const body = await multipart(
      { name: 'people.csv', content },
      { mapping: JSON.stringify({ email: 0, firstName: 1, lastName: 2 }) },
    );
    const started = await server.request(ws.host, {
      method: 'POST',
      url: '/main-api/api/invite/bulk',
      token: ws.admin.token,
      ...body,
    });
    expect(started.statusCode, started.body).toBe(202);
    const job = await waitForJob(server, ws.admin.token, started.json().jobId, ws.host);
    expect(job).toMatchObject({ status: 'COMPLETED', created: 2, skipped: 1 });
    const [{ key }] = await server.db.query<{ key: string }>(`SELECT file_key AS key FROM import_jobs WHERE id = $1`, [
      job.jobId,
    ]);
    expect(await objects()).toContain(key);
    expect(await onDisk()).toEqual([]);
    const created = await server.db.query<{ email: string }>(
      `SELECT email FROM users WHERE workspace_id = $1 AND email LIKE 's3.%' ORDER BY email`,
      [ws.id],
    );
    expect(created.map((u) => u.email)).toEqual(['s3.1@import.test', 's3.2@import.test']);
    const report = await server.request(ws.host, {
      method: 'GET',
      url: `/main-api/api/invite/bulk/jobs/${job.jobId}/report`,
      token: ws.admin.token,
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.body).toContain('s3.1@import.test');
    expect(report.body).toContain('broken');
  });
});
