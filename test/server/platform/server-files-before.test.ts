import { randomBytes } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isKeyOf } from '../../../server/platform/signed-files';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildUser, buildWorkspace, type BuiltWorkspace } from '../support/factories';

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 5, 5, 5,
]);

/**
 * Profile pictures and import files written before they went through the one file store kept keys of their own shape
 * (`<workspace>/<12 random hex>-<safe name>`) in the same folder: the store still reads and removes them there, and
 * a key of that shape is still only a key of its own workspace.
 */
describe.each(DATABASES)('files the server wrote under the earlier keys on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  beforeAll(async () => {
    server = await startTestServer(kind);
    [ws, other] = [await buildWorkspace(server), await buildWorkspace(server)];
  });
  afterAll(async () => server?.close());

  it('serves a picture stored under an earlier key at its version, and removes it from the folder', async () => {
    const person = await buildUser(server, ws);
    const version = randomBytes(16).toString('hex');
    const key = `${ws.id}/${randomBytes(6).toString('hex')}-profile-${person.id}-${version}`;
    await mkdir(path.join(server.filesRoot, ws.id), { recursive: true });
    await writeFile(path.join(server.filesRoot, key), PNG);
    await server.db.query(
      `UPDATE users SET profile_image_key = $2, profile_image_type = 'image/png', profile_image_sha256 = $3 WHERE id = $1`,
      [person.id, key, 'a'.repeat(64)],
    );
    const url = `/main-api/api/user/profile-image/${person.id}/${version}`;
    const picture = await server.request(ws.host, { method: 'GET', url });
    expect(picture.statusCode, picture.body).toBe(200);
    expect(new Uint8Array(picture.rawPayload)).toEqual(PNG);
    expect((await server.request(other.host, { method: 'GET', url })).statusCode).toBe(404);

    const removed = await server.request(ws.host, {
      method: 'DELETE',
      url: '/main-api/api/user/profile-image',
      token: person.token,
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(await readdir(path.join(server.filesRoot, ws.id))).not.toContain(path.basename(key));
  });

  it('takes an earlier key only inside its own workspace and never as a path out of it', () => {
    const key = `${ws.id}/0123456789ab-people.csv`;
    expect(isKeyOf(ws.id, key)).toBe(true);
    expect(isKeyOf(other.id, key)).toBe(false);
    expect(isKeyOf(ws.id, `${ws.id}/0123456789ab-../x`)).toBe(false);
    expect(isKeyOf(ws.id, `${ws.id}/0123456789ab-`)).toBe(false);
  });
});
