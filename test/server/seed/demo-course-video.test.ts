import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEDIA, DEMO_VIDEO_FILE_ID } from '../../../server/seed/learning.seed';
import { buildWorkspace, type BuiltWorkspace } from '../support/factories';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';

const BASE = '/learning-api/api';
const ACME = 'acme.localhost';

/**
 * The demo course's video (server/seed/learning.seed.ts), as a first start stores it in the file store the server
 * serves: a stored file of the demo workspace, with a signed URL that answers ranges, and no other workspace's.
 */
describe.each(DATABASES)('the demo course’s video on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let acmeId: string;
  let other: BuiltWorkspace;

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.signIn(ACME, 'admin@acme.test');
    acmeId = (await server.db.query<{ id: string }>(`SELECT id FROM workspaces WHERE slug = 'acme'`))[0].id;
    other = await buildWorkspace(server);
  });
  afterAll(async () => server?.close());

  const post = (url: string, token: string, host = ACME) =>
    server.request(host, { method: 'POST', url: `${BASE}${url}`, token });
  const get = (url: string, headers: Record<string, string> = {}) =>
    server.request(ACME, { method: 'GET', url, headers });

  it('serves the seeded demo course’s video as a stored file: its signed URL answers a range with the clip’s bytes', async () => {
    const [course] = await server.db.query<{ id: string }>(
      `SELECT id FROM courses WHERE workspace_id = $1 AND title = 'Preventing Sexual Harassment at Work'`,
      [acmeId],
    );
    const details = await server.request(ACME, {
      method: 'GET',
      url: `${BASE}/course/details/${course.id}`,
      token: admin,
    });
    const blocks = details
      .json()
      .contents.flatMap((c: { blocks: { block: { type: string; fileId?: string } }[] }) => c.blocks);
    const video = blocks.find((b: { block: { type: string } }) => b.block.type === 'VIDEO').block;
    expect(video.fileId).toBe(DEMO_VIDEO_FILE_ID);
    const file = await post(`/lesson-content/confirm-upload/${video.fileId}`, admin);
    expect(file.json()).toMatchObject({ status: 'CONFIRMED', purpose: 'VIDEO', contentType: 'video/webm' });
    const clip = await readFile(path.resolve('public/media', path.basename(DEMO_MEDIA[DEMO_VIDEO_FILE_ID])));
    const part = await get(file.json().downloadUrl, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('video/webm');
    expect(part.headers['content-range']).toBe(`bytes 0-99/${clip.length}`);
    expect(part.rawPayload.equals(clip.subarray(0, 100))).toBe(true);
    expect(part.rawPayload.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))).toBe(true);
    // Another workspace cannot resolve it.
    expect(
      (await post(`/lesson-content/confirm-upload/${video.fileId}`, other.admin.token, other.host)).statusCode,
    ).toBe(404);
  });
});
