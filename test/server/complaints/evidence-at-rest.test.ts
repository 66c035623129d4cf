import { randomBytes } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EvidenceKeyring } from '../../../server/platform/evidence-crypto';
import { rewrapEvidenceKeys } from '../../../server/platform/evidence-vault';
import { S3FileUrls } from '../../../server/platform/s3-file-urls';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { startTestS3, type TestS3 } from '../support/test-s3';
import { buildUser, buildWorkspace } from '../support/factories';

const CASE = '/case-api/api';
const BUCKET = 'evidence';

/** A voice-note-sized file (several 64 KiB chunks) with words a reader would recognise. */
const evidence = () =>
  Buffer.concat([Buffer.from('Saved chat: "meet me after hours, Esha" — Rahul\n'.repeat(4000)), randomBytes(1000)]);

describe.each(DATABASES)('evidence encrypted at rest on %s', (kind) => {
  /** The host of the workspace of the describe block running (each builds its own). */
  let ACME: string;
  /** Its employee's session, and the workspace's id. */
  const employeeOfNewWorkspace = async (server: TestServer) => {
    const ws = await buildWorkspace(server);
    ACME = ws.host;
    return { token: (await buildUser(server, ws)).token, acmeId: ws.id };
  };
  describe('in the embedded storage', () => {
    let server: TestServer;
    let token: string;
    let acmeId: string;

    beforeAll(async () => {
      server = await startTestServer(kind);
      ({ token, acmeId } = await employeeOfNewWorkspace(server));
    });
    afterAll(async () => server?.close());

    async function upload(bytes: Buffer) {
      const t = await server.request(ACME, {
        method: 'POST',
        url: `${CASE}/complaint-evidence/upload-url`,
        token,
        payload: { fileName: 'chat.txt', size: bytes.length },
      });
      expect(t.statusCode, t.body).toBe(200);
      const ticket = t.json();
      expect(ticket.uploadUrl).toMatch(/^\/evidence-files\//);
      const put = await server.request(ACME, {
        method: 'PUT',
        url: ticket.uploadUrl,
        payload: bytes,
        headers: { 'content-type': 'application/octet-stream' },
      });
      expect(put.statusCode, put.body).toBe(201);
      const confirmed = await server.request(ACME, {
        method: 'POST',
        url: `${CASE}/complaint-evidence/${ticket.fileId}/confirm`,
        token,
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const [row] = await server.db.tenant(acmeId, (tx) =>
        tx.query<{ storage_key: string; evidence_key_id: string }>(
          `SELECT storage_key, evidence_key_id FROM files WHERE workspace_id = $1 AND id = $2`,
          [acmeId, ticket.fileId],
        ),
      );
      return {
        fileId: ticket.fileId as string,
        confirmed: confirmed.json(),
        key: row.storage_key,
        keyId: row.evidence_key_id,
        putUrl: ticket.uploadUrl as string,
      };
    }
    const download = (key: string) =>
      server.request(ACME, { method: 'GET', url: server.evidence.downloadUrl(key, 60) });

    it('keeps only ciphertext on disk, measures and types the plaintext, and serves it back whole as a download', async () => {
      const plain = evidence();
      const f = await upload(plain);
      expect(f.keyId).toBe('test-1');
      expect(f.confirmed).toMatchObject({ fileName: 'chat.txt', size: plain.length, contentType: 'text/plain' });
      const onDisk = await readFile(path.join(server.filesRoot, f.key));
      expect(onDisk.includes(Buffer.from('meet me after hours'))).toBe(false);
      expect(onDisk.length).toBeGreaterThan(plain.length);
      // No plaintext rests anywhere in the store, not even a part file.
      const all = await readdir(path.join(server.filesRoot, acmeId));
      for (const name of all)
        expect(
          (await readFile(path.join(server.filesRoot, acmeId, name))).includes(Buffer.from('meet me after hours')),
        ).toBe(false);

      const res = await download(f.key);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="chat.txt"/);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.rawPayload.equals(plain)).toBe(true);
      // The link is for this workspace's address only, unforgeable, and the upload link works once.
      expect(
        (
          await server.request((await buildWorkspace(server)).host, {
            method: 'GET',
            url: server.evidence.downloadUrl(f.key, 60),
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await server.request(ACME, {
            method: 'GET',
            url: server.evidence.downloadUrl(f.key, 60).replace(/signature=[^&]+/, 'signature=x'),
          })
        ).statusCode,
      ).toBe(403);
      expect((await server.request(ACME, { method: 'PUT', url: f.putUrl, payload: plain })).statusCode).toBe(409);
    });

    it('refuses an upload link whose limit was changed, and nothing is confirmed', async () => {
      const t = (
        await server.request(ACME, {
          method: 'POST',
          url: `${CASE}/complaint-evidence/upload-url`,
          token,
          payload: { fileName: 'a.bin', size: 10 },
        })
      ).json();
      const url = (t.uploadUrl as string).replace(/max=\d+/, 'max=5');
      expect((await server.request(ACME, { method: 'PUT', url, payload: Buffer.alloc(10) })).statusCode).toBe(403);
      const confirm = await server.request(ACME, {
        method: 'POST',
        url: `${CASE}/complaint-evidence/${t.fileId}/confirm`,
        token,
      });
      expect(confirm.statusCode).toBe(409);
    });

    it('rotates the master key: data keys rewrapped, files untouched, still readable without the old key', async () => {
      const plain = evidence();
      const f = await upload(plain);
      const before = await readFile(path.join(server.filesRoot, f.key));
      const old = server.evidence.keyring.current;
      const next = { id: 'test-2', key: randomBytes(32) };
      server.evidence.useKeyring(new EvidenceKeyring(next, [old]));
      expect(await rewrapEvidenceKeys(server.db, server.evidence)).toBeGreaterThanOrEqual(1);
      const [row] = await server.db.tenant(acmeId, (tx) =>
        tx.query<{ evidence_key_id: string }>(`SELECT evidence_key_id FROM files WHERE workspace_id = $1 AND id = $2`, [
          acmeId,
          f.fileId,
        ]),
      );
      expect(row.evidence_key_id).toBe('test-2');
      expect(await rewrapEvidenceKeys(server.db, server.evidence)).toBe(0);
      // The old key retired: the file is read under the new one alone, its bytes never rewritten.
      server.evidence.useKeyring(new EvidenceKeyring(next));
      expect((await readFile(path.join(server.filesRoot, f.key))).equals(before)).toBe(true);
      const res = await download(f.key);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(plain)).toBe(true);
    });

    it('serves nothing of a file changed on disk: the whole file is authenticated before the first byte goes out', async () => {
      const plain = evidence();
      const f = await upload(plain);
      const file = path.join(server.filesRoot, f.key);
      const bytes = await readFile(file);
      bytes[bytes.length - 30] ^= 0x01; // the last chunk: every earlier chunk is still good
      await writeFile(file, bytes);
      const res = await download(f.key);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('EVIDENCE_TAMPERED');
      expect(res.rawPayload.includes(Buffer.from('meet me after hours'))).toBe(false);
    });
  });

  describe('in an S3-compatible store', () => {
    let s3: TestS3;
    let store: string;
    let urls: S3FileUrls;
    let server: TestServer;
    let token: string;
    let acmeId: string;

    beforeAll(async () => {
      s3 = await startTestS3(BUCKET);
      ({ urls, directory: store } = s3);
      server = await startTestServer(kind, {}, { fileUrls: urls });
      ({ token, acmeId } = await employeeOfNewWorkspace(server));
    });
    afterAll(async () => {
      await server?.close();
      await s3?.close();
    });

    it('streams the upload encrypted into the store and decrypts it on the way out', async () => {
      const plain = evidence();
      const ticket = (
        await server.request(ACME, {
          method: 'POST',
          url: `${CASE}/complaint-evidence/upload-url`,
          token,
          payload: { fileName: 'chat.txt', size: plain.length },
        })
      ).json();
      expect((await server.request(ACME, { method: 'PUT', url: ticket.uploadUrl, payload: plain })).statusCode).toBe(
        201,
      );
      const confirmed = await server.request(ACME, {
        method: 'POST',
        url: `${CASE}/complaint-evidence/${ticket.fileId}/confirm`,
        token,
      });
      expect(confirmed.json()).toMatchObject({ size: plain.length, contentType: 'text/plain' });
      const [row] = await server.db.tenant(acmeId, (tx) =>
        tx.query<{ storage_key: string }>(`SELECT storage_key FROM files WHERE workspace_id = $1 AND id = $2`, [
          acmeId,
          ticket.fileId,
        ]),
      );
      const stored = await readFile(path.join(store, BUCKET, `${row.storage_key}._S3rver_object`));
      expect(stored.length).toBeGreaterThan(plain.length);
      expect(stored.includes(Buffer.from('meet me after hours'))).toBe(false);
      const res = await server.request(ACME, { method: 'GET', url: server.evidence.downloadUrl(row.storage_key, 60) });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(plain)).toBe(true);
    });
  });
});
