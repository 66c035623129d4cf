import { cp, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import type { Database } from '../../../server/platform/db/database';
import { seedDemo } from '../../../server/seed/demo.seed';
import { DEMO_MEDIA } from '../../../server/seed/learning.seed';
import { DATABASES, openTestDatabase, testPasswords } from '../support/test-app';

const VENDOR_SCRIPT = Buffer.from(
  `export const words = ${JSON.stringify(Array.from({ length: 4000 }, (_, i) => `word${i}`))};\n`,
);

/** A web root as `vite build` leaves it: the app's page, the light entries' pages and public/ (the demo lesson's videos). */
async function builtWebRoot(): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'safeplace-web-'));
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>SafePlace</title><div id="root"></div>');
  await writeFile(
    path.join(root, 'signin.html'),
    '<!doctype html><title>Sign in · SafePlace</title><div id="root"></div>',
  );
  await writeFile(
    path.join(root, 'player.html'),
    '<!doctype html><title>Course · SafePlace</title><div id="root"></div>',
  );
  await cp(path.resolve('public'), root, { recursive: true });
  // A script as the build leaves it: the file and its brotli and gzip copies (vite.config.ts, precompress).
  await mkdir(path.join(root, 'assets'));
  await writeFile(path.join(root, 'assets', 'vendor-test.js'), VENDOR_SCRIPT);
  await writeFile(path.join(root, 'assets', 'vendor-test.js.br'), brotliCompressSync(VENDOR_SCRIPT));
  await writeFile(path.join(root, 'assets', 'vendor-test.js.gz'), gzipSync(VENDOR_SCRIPT));
  return root;
}

describe.each(DATABASES)('the web app’s files on %s', (kind) => {
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    await seedDemo(db, testPasswords, 'localhost');
    const settings = { mainHost: 'localhost', maxUploadBytes: 5 * 1024 * 1024, outboxPage: false };
    app = await buildApp({ db, passwords: testPasswords, settings, webRoot: await builtWebRoot() });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });
  const get = (host: string, url: string) => app.inject({ method: 'GET', url, headers: { host } });

  it('lets the browser keep the build’s hashed assets for good, and ask again for the pages', async () => {
    // A full page load then asks the server for the page and its runtime config, not again for every chunk.
    const script = await app.inject({
      method: 'GET',
      url: '/assets/vendor-test.js',
      headers: { host: 'acme.localhost', 'accept-encoding': 'br' },
    });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await get('acme.localhost', '/dashboard');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).not.toMatch(/immutable/);
    const video = await get('acme.localhost', Object.values(DEMO_MEDIA)[0]);
    expect(video.headers['cache-control']).not.toMatch(/immutable/);
  });

  it('serves the demo lesson’s videos as real videos', async () => {
    // The seeded VIDEO blocks name their files by id; the demo's files are the web root's clips (DEMO_MEDIA).
    const rows = await db.query<{ file_id: string }>(
      `SELECT DISTINCT block->>'fileId' AS file_id FROM lesson_blocks WHERE type = 'VIDEO' ORDER BY 1`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { file_id } of rows) expect(DEMO_MEDIA[file_id], file_id).toBeDefined();
    for (const url of Object.values(DEMO_MEDIA)) {
      const res = await get('acme.localhost', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^video\//);
      // A WebM file starts with the EBML magic number; the app's page would start with "<!doctype".
      expect(res.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
      expect(res.rawPayload.length).toBeLessThan(50_000);
    }
  });

  it('answers 404 for a missing video or asset, never the app’s page', async () => {
    for (const url of [
      '/media/x.mp4',
      '/media/posh-introduction-en.mp4',
      '/media/nothing',
      '/assets/index-old.js',
      '/favicon-missing.png',
    ]) {
      const res = await get('acme.localhost', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });

  it('still answers the app’s page for the app’s own paths, dotted ones too', async () => {
    for (const url of ['/people', '/platform/flags/ip-ranges/globex.localhost']) {
      const res = await get('localhost', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
    }
  });

  it('answers the course player’s light page for /training/{courseId}, the app’s for My training and the rest', async () => {
    for (const url of [
      '/training/0b5f2c3e-1d2a-4c8e-9f00-123456789abc',
      '/training/abc_DEF-1/',
      '/training/abc?lang=HINDI',
    ]) {
      const res = await get('acme.localhost', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>Course · SafePlace</title>');
    }
    for (const url of ['/training', '/training/abc/lessons', '/dashboard']) {
      const res = await get('acme.localhost', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>SafePlace</title>');
    }
    expect((await get('acme.localhost', '/signin')).body).toContain('<title>Sign in · SafePlace</title>');
  });

  it('sends the build’s scripts compressed as the browser accepts them, and whole to a client that accepts neither', async () => {
    const url = '/assets/vendor-test.js';
    const br = await app.inject({
      method: 'GET',
      url,
      headers: { host: 'acme.localhost', 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    // The build's own brotli file, sent as it is (not compressed again on each request).
    expect(br.rawPayload).toEqual(brotliCompressSync(VENDOR_SCRIPT));
    expect(brotliDecompressSync(br.rawPayload)).toEqual(VENDOR_SCRIPT);

    const gz = await app.inject({ method: 'GET', url, headers: { host: 'acme.localhost', 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload)).toEqual(VENDOR_SCRIPT);

    const plain = await app.inject({ method: 'GET', url, headers: { host: 'acme.localhost' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload).toEqual(VENDOR_SCRIPT);
  });

  it('compresses an API answer of 1 KB or more when the client accepts it, and leaves a small one as it is', async () => {
    // The workspace finder's company profile is small; the API documents are large.
    const big = await app.inject({
      method: 'GET',
      url: '/main-api/openapi.json',
      headers: { host: 'localhost', 'accept-encoding': 'gzip, br' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const document = JSON.parse(brotliDecompressSync(big.rawPayload).toString('utf8'));
    expect(document.openapi).toMatch(/^3\.1/);

    const small = await app.inject({
      method: 'GET',
      url: '/config.json',
      headers: { host: 'acme.localhost', 'accept-encoding': 'gzip, br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().mainHost).toBe('localhost');
  });
});
