import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildPlatformAdmin, buildUser, buildWorkspace, type BuiltWorkspace } from '../support/factories';

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3,
]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 9, 9, 9]);
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

async function form(bytes: Uint8Array | null, field = 'image', name = 'me.png', type = 'image/png') {
  const data = new FormData();
  if (bytes) data.append(field, new Blob([bytes as BlobPart], { type }), name);
  else data.append('note', 'nothing');
  const response = new Response(data);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

describe.each(DATABASES)('profile picture on %s', (kind) => {
  let server: TestServer;
  let employee: string;
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  beforeAll(async () => {
    server = await startTestServer(kind);
    [ws, other] = [await buildWorkspace(server), await buildWorkspace(server)];
    employee = (await buildUser(server, ws)).token;
  });
  afterAll(async () => server?.close());

  const uploadUrl = async (token = employee, host = ws.host) => {
    const res = await server.request(host, {
      method: 'POST',
      url: '/main-api/api/user/generate-profile-image-upload-url',
      token,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { uploadUrl: string; maxBytes: number; contentTypes: string[]; expiresAt: string };
  };
  const send = async (url: string, bytes: Uint8Array | null, options: { field?: string; host?: string } = {}) =>
    server.request(options.host ?? ws.host, { method: 'POST', url, ...(await form(bytes, options.field)) });
  const me = async (token = employee) =>
    (await server.request(ws.host, { method: 'GET', url: '/main-api/api/user/details', token })).json();

  it('uploads through a single-use address, shows on the current user, and serves the picture on the workspace host', async () => {
    const target = await uploadUrl();
    expect(target.uploadUrl).toMatch(/^\/main-api\/api\/user\/profile-image\/upload\/[A-Za-z0-9_-]{43}$/);
    expect(target).toMatchObject({
      maxBytes: 2 * 1024 * 1024,
      contentTypes: ['image/png', 'image/jpeg', 'image/webp'],
    });
    expect(new Date(target.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000 + 5_000);

    const res = await send(target.uploadUrl, PNG);
    expect(res.statusCode).toBe(200);
    const { profileImageUrl } = res.json();
    expect((await me()).profileImageUrl).toBe(profileImageUrl);

    const picture = await server.request(ws.host, { method: 'GET', url: profileImageUrl });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.headers['x-content-type-options']).toBe('nosniff');
    expect(new Uint8Array(picture.rawPayload)).toEqual(PNG);
    // Another workspace's host does not serve it.
    expect((await server.request(other.host, { method: 'GET', url: profileImageUrl })).statusCode).toBe(404);
    // Its version is the random part of its key (96 bits), not the picture's hash.
    expect(profileImageUrl).toMatch(/\/[0-9a-f]{24}$/);

    const reused = await send(target.uploadUrl, JPEG);
    expect(reused.statusCode).toBe(404);
    expect(reused.json().code).toBe('UPLOAD_URL_INVALID');
    const audit = await server.db.query<{ action: string }>(
      `SELECT action FROM audit_events WHERE action = 'PROFILE_IMAGE_UPLOADED'`,
    );
    expect(audit.length).toBe(1);
  });

  it('takes PNG, JPEG or WebP by content only, at most 2 MB, and names the field otherwise', async () => {
    const svg = await send((await uploadUrl()).uploadUrl, SVG);
    expect(svg.statusCode).toBe(400);
    expect(svg.json()).toMatchObject({ code: 'UNSUPPORTED_IMAGE', fields: { image: expect.any(String) } });
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(JPEG);
    const tooBig = await send((await uploadUrl()).uploadUrl, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().fields).toHaveProperty('image');
    const wrongField = await send((await uploadUrl()).uploadUrl, PNG, { field: 'avatar' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().fields).toHaveProperty('avatar');
    const none = await send((await uploadUrl()).uploadUrl, null);
    expect(none.statusCode).toBe(400);
    const jpeg = await send((await uploadUrl()).uploadUrl, JPEG);
    expect(jpeg.statusCode).toBe(200);
    const served = await server.request(ws.host, { method: 'GET', url: jpeg.json().profileImageUrl });
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses an expired, made-up or other-workspace upload address, and needs a member to ask for one', async () => {
    const target = await uploadUrl();
    await server.db.query(`UPDATE profile_image_uploads SET expires_at = now() - interval '1 second'`);
    expect((await send(target.uploadUrl, PNG)).statusCode).toBe(404);
    expect((await send(`/main-api/api/user/profile-image/upload/${'x'.repeat(43)}`, PNG)).statusCode).toBe(404);
    const fresh = await uploadUrl();
    expect((await send(fresh.uploadUrl, PNG, { host: other.host })).statusCode).toBe(404);
    const anonymous = await server.request(ws.host, {
      method: 'POST',
      url: '/main-api/api/user/generate-profile-image-upload-url',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    const platform = await buildPlatformAdmin(server);
    const onMain = await server.request('localhost', {
      method: 'POST',
      url: '/main-api/api/user/generate-profile-image-upload-url',
      token: platform,
      payload: {},
    });
    expect(onMain.statusCode).toBe(403);
  });

  it('a stranger with only a user id, or a made-up, shortened or old version, gets no picture', async () => {
    const first = (await send((await uploadUrl()).uploadUrl, PNG)).json().profileImageUrl as string;
    const second = (await send((await uploadUrl()).uploadUrl, JPEG)).json().profileImageUrl as string;
    const base = second.slice(0, second.lastIndexOf('/'));
    const version = second.slice(second.lastIndexOf('/') + 1);
    const shaOfPicture = (await import('node:crypto')).createHash('sha256').update(JPEG).digest('hex');
    for (const guess of [
      '0'.repeat(16),
      'deadbeef',
      version.slice(0, 16),
      `${version}00`,
      shaOfPicture.slice(0, 16),
      shaOfPicture,
    ]) {
      const res = await server.request(ws.host, { method: 'GET', url: `${base}/${guess}` });
      expect(res.statusCode, guess).toBe(404);
      expect(res.rawPayload.length < 200).toBe(true);
    }
    // The previous picture's address stops working once it is replaced.
    expect((await server.request(ws.host, { method: 'GET', url: first })).statusCode).toBe(404);
    expect((await server.request(ws.host, { method: 'GET', url: second })).statusCode).toBe(200);
  });

  it('changes only the uploader’s own picture, and removes it', async () => {
    const admin = await server.signIn(ws.host, ws.admin.email);
    const adminUpload = await send((await uploadUrl(admin)).uploadUrl, PNG);
    expect(adminUpload.statusCode).toBe(200);
    const employeeBefore = (await me()).profileImageUrl;
    expect(employeeBefore).not.toBe(adminUpload.json().profileImageUrl);

    const removed = await server.request(ws.host, {
      method: 'DELETE',
      url: '/main-api/api/user/profile-image',
      token: admin,
    });
    expect(removed.statusCode).toBe(200);
    expect((await me(admin)).profileImageUrl).toBeNull();
    expect((await server.request(ws.host, { method: 'GET', url: adminUpload.json().profileImageUrl })).statusCode).toBe(
      404,
    );
    expect((await me()).profileImageUrl).toBe(employeeBefore);
    const events = await server.db.query(`SELECT 1 FROM audit_events WHERE action = 'PROFILE_IMAGE_REMOVED'`);
    expect(events.length).toBe(1);
  });
});
