import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRange } from '../../../server/platform/signed-files';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(1000, 7)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe.each(DATABASES)('signed file URLs of the embedded storage on %s', (kind) => {
  let server: TestServer;
  let acmeId: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    acmeId = (await server.db.query<{ id: string }>(`SELECT id FROM workspaces WHERE slug = 'acme'`))[0].id;
  });
  afterAll(async () => server?.close());

  const put = (url: string, body: Buffer, host = 'acme.localhost', headers: Record<string, string> = {}) =>
    server.request(host, {
      method: 'PUT',
      url,
      payload: body,
      headers: { 'content-type': 'application/octet-stream', ...headers },
    });
  const get = (url: string, host = 'acme.localhost', headers: Record<string, string> = {}) =>
    server.request(host, { method: 'GET', url, headers });
  const filesOf = async (workspaceId: string) =>
    readdir(path.join(server.filesRoot, workspaceId)).catch(() => [] as string[]);

  it('takes an upload once through its URL, then serves it with its true type and byte ranges', async () => {
    const ticket = await server.fileUrls.uploadUrl(acmeId, 'Intro photo.png', { maxBytes: 4096, seconds: 60 });
    // The key is random: nothing of the file's name (docs/files.md "Storage keys").
    expect(ticket.key).toMatch(new RegExp(`^${acmeId}/[0-9a-f]{24}$`));
    const stored = await put(ticket.url, PNG);
    expect(stored.statusCode).toBe(201);
    expect(stored.json()).toEqual({ key: ticket.key, size: PNG.length });
    expect(await server.fileUrls.stat(acmeId, ticket.key)).toEqual({ size: PNG.length });

    // The same upload URL cannot replace the file.
    expect((await put(ticket.url, Buffer.from('other'))).statusCode).toBe(409);

    const url = await server.fileUrls.downloadUrl(acmeId, ticket.key, { seconds: 60, disposition: 'inline' });
    const whole = await get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/png');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.rawPayload.equals(PNG)).toBe(true);

    const part = await get(url, 'acme.localhost', { range: 'bytes=0-7' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${PNG.length}`);
    expect(part.rawPayload.equals(PNG.subarray(0, 8))).toBe(true);
    const tail = await get(url, 'acme.localhost', { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(PNG.subarray(PNG.length - 10))).toBe(true);
    expect((await get(url, 'acme.localhost', { range: `bytes=${PNG.length}-` })).statusCode).toBe(416);

    const head = await server.request('acme.localhost', { method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(PNG.length));
  });

  it('refuses an expired URL, a tampered one and one used with another method', async () => {
    const expired = await server.fileUrls.uploadUrl(acmeId, 'late.png', { maxBytes: 4096, seconds: -1 });
    expect((await put(expired.url, PNG)).json()).toMatchObject({ code: 'URL_EXPIRED' });

    const ticket = await server.fileUrls.uploadUrl(acmeId, 'a.png', { maxBytes: 2000, seconds: 60 });
    const raised = ticket.url.replace('max=2000', 'max=2000000');
    expect((await put(raised, PNG)).json()).toMatchObject({ code: 'BAD_SIGNATURE' });
    const otherKey = ticket.url.replace(/\/[0-9a-f]{24}\?/, '/000000000000000000000000?');
    expect((await put(otherKey, PNG)).statusCode).toBe(403);
    const forged = ticket.url.replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await put(forged, PNG)).statusCode).toBe(403);
    // An upload URL does not read, and a download URL does not write.
    expect((await get(ticket.url)).statusCode).toBe(403);
    expect((await put(ticket.url, PNG)).statusCode).toBe(201);
    const download = await server.fileUrls.downloadUrl(acmeId, ticket.key, { seconds: 60, disposition: 'inline' });
    expect((await put(download, PNG)).statusCode).toBe(403);
    const expiredDownload = await server.fileUrls.downloadUrl(acmeId, ticket.key, {
      seconds: -5,
      disposition: 'inline',
    });
    expect((await get(expiredDownload)).json()).toMatchObject({ code: 'URL_EXPIRED' });
  });

  it('answers 404 for a workspace file asked for at another workspace’s address', async () => {
    const ticket = await server.fileUrls.uploadUrl(acmeId, 'b.png', { maxBytes: 4096, seconds: 60 });
    expect((await put(ticket.url, PNG, 'globex.localhost')).statusCode).toBe(404);
    expect((await put(ticket.url, PNG)).statusCode).toBe(201);
    const url = await server.fileUrls.downloadUrl(acmeId, ticket.key, { seconds: 60, disposition: 'inline' });
    expect((await get(url, 'globex.localhost')).statusCode).toBe(404);
    expect((await get(url, 'localhost')).statusCode).toBe(404);
  });

  it('refuses a file over its limit with 413 and keeps nothing of it', async () => {
    const before = await filesOf(acmeId);
    const ticket = await server.fileUrls.uploadUrl(acmeId, 'big.mp4', { maxBytes: 500, seconds: 60 });
    const declared = await put(ticket.url, PNG);
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
    // A client that does not declare its length is stopped while streaming.
    const chunked = await server.request('acme.localhost', {
      method: 'PUT',
      url: ticket.url,
      payload: Readable.from([PNG.subarray(0, 400), PNG.subarray(400)]),
      headers: { 'content-type': 'video/mp4' },
    });
    expect(chunked.statusCode).toBe(413);
    expect(await server.fileUrls.stat(acmeId, ticket.key)).toBeNull();
    expect(await filesOf(acmeId)).toEqual(before);
  });

  it('never shows an SVG in the page: it is served as a download', async () => {
    const ticket = await server.fileUrls.uploadUrl(acmeId, 'logo.svg', { maxBytes: 4096, seconds: 60 });
    expect((await put(ticket.url, SVG, 'acme.localhost', { 'content-type': 'image/svg+xml' })).statusCode).toBe(201);
    const url = await server.fileUrls.downloadUrl(acmeId, ticket.key, { seconds: 60, disposition: 'inline' });
    const res = await get(url);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    // The store alone knows no name (a key has none): the app gives it from the file's row (evidence-custody.test.ts).
    expect(res.headers['content-disposition']).toBe('attachment');
  });
});

describe('byte ranges', () => {
  it('reads one range, open-ended and suffix ranges; refuses one outside the file', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual([0, 9]);
    expect(parseRange('bytes=90-', 100)).toEqual([90, 99]);
    expect(parseRange('bytes=90-500', 100)).toEqual([90, 99]);
    expect(parseRange('bytes=-10', 100)).toEqual([90, 99]);
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-2', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
  });
});
