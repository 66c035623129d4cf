import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { detectType, SNIFF_BYTES, ACTIVE_CONTENT } from '../../src/domain/files/file-types';
import type { UrlSigner } from './signed-urls';

/**
 * Uploads and downloads that go straight between the browser and the file store, through URLs the server signs after
 * its own access checks (DESIGN 4b). This is the port; `EmbeddedFileUrls` is the default, which keeps the files under
 * DATA_DIR and serves the signed URLs itself. An S3-compatible store implements the same port with presigned URLs.
 */
export interface DirectFileUrls {
  /** A new key for a file of this workspace, and a URL the browser PUTs its bytes to (at most `maxBytes`). */
  uploadUrl(workspaceId: string, name: string, options: { maxBytes: number; seconds: number }): Promise<UploadTicket>;
  /** A URL to read a stored file for `seconds`; `attachment` makes the browser download it, never show it. */
  downloadUrl(workspaceId: string, key: string, options: { seconds: number; disposition: 'inline' | 'attachment' }): Promise<string>;
  /** The size of a stored file, or null when nothing was uploaded under the key. */
  stat(workspaceId: string, key: string): Promise<{ size: number } | null>;
  /** The first bytes of a stored file, to tell its type from its own bytes. */
  readHead(workspaceId: string, key: string, bytes?: number): Promise<Uint8Array>;
  /** Forgets a stored file (a refused upload leaves nothing behind). */
  remove(workspaceId: string, key: string): Promise<void>;
}

export interface UploadTicket {
  key: string;
  url: string;
  method: 'PUT';
  expiresAt: string;
  maxBytes: number;
}

const PREFIX = '/files';
const KEY = /^[0-9a-f-]{36}\/[0-9a-f]{24}-[A-Za-z0-9._-]{1,120}$/;

export class EmbeddedFileUrls implements DirectFileUrls {
  constructor(
    private readonly root: string,
    private readonly signer: UrlSigner,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async uploadUrl(workspaceId: string, name: string, { maxBytes, seconds }: { maxBytes: number; seconds: number }): Promise<UploadTicket> {
    const safe = name.normalize('NFKD').replace(/[^A-Za-z0-9._-]/g, '_').replace(/^[._]+/, '').slice(-120) || 'file';
    const key = `${workspaceId}/${randomBytes(12).toString('hex')}-${safe}`;
    return {
      key,
      url: this.signer.url('PUT', `${PREFIX}/${key}`, seconds, { maxBytes }),
      method: 'PUT',
      expiresAt: new Date(this.now() + seconds * 1000).toISOString(),
      maxBytes,
    };
  }

  async downloadUrl(workspaceId: string, key: string, { seconds, disposition }: { seconds: number; disposition: 'inline' | 'attachment' }): Promise<string> {
    if (!this.pathOf(workspaceId, key)) throw new Error(`Not a stored file of this workspace: ${key}`);
    return this.signer.url('GET', `${PREFIX}/${key}`, seconds, { disposition });
  }

  async stat(workspaceId: string, key: string): Promise<{ size: number } | null> {
    const file = this.pathOf(workspaceId, key);
    if (!file) return null;
    try {
      return { size: (await stat(file)).size };
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return null;
      throw error;
    }
  }

  async readHead(workspaceId: string, key: string, bytes = SNIFF_BYTES): Promise<Uint8Array> {
    const file = this.pathOf(workspaceId, key);
    if (!file) return new Uint8Array();
    const handle = await open(file, 'r');
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return new Uint8Array(buffer.subarray(0, bytesRead));
    } finally {
      await handle.close();
    }
  }

  async remove(workspaceId: string, key: string): Promise<void> {
    const file = this.pathOf(workspaceId, key);
    if (file) await rm(file, { force: true });
  }

  /** The file of a key, only when the key is of this workspace and has the shape uploadUrl gives. */
  pathOf(workspaceId: string, key: string): string | null {
    if (!KEY.test(key) || !key.startsWith(`${workspaceId}/`)) return null;
    return path.join(this.root, key);
  }

  /** Serves the signed URLs: PUT stores a file once, GET (and HEAD) read it, with ranges so a video can seek. */
  routes(workspaceOf: (request: FastifyRequest) => string | null) {
    return async (app: FastifyInstance) => {
      // The body of a PUT is the file itself, whatever its type: read as a stream, never parsed or buffered.
      app.removeAllContentTypeParsers();
      app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

      const authorise = (request: FastifyRequest, reply: FastifyReply) => {
        const { '*': key } = request.params as { '*': string };
        const urlPath = `${PREFIX}/${key}`;
        const { verdict, request: signed } = this.signer.verify(request.method, urlPath, request.query as Record<string, unknown>);
        if (verdict === 'expired') return void reply.code(403).send({ code: 'URL_EXPIRED', message: 'This link has expired: ask for a new one.' });
        if (verdict !== 'ok' || !signed) return void reply.code(403).send({ code: 'BAD_SIGNATURE', message: 'This link is not valid.' });
        // The URL is for one workspace's file, at that workspace's own address only.
        const workspaceId = workspaceOf(request);
        const file = workspaceId ? this.pathOf(workspaceId, key) : null;
        if (!workspaceId || !file) return void reply.code(404).send({ code: 'NOT_FOUND', message: 'No such file.' });
        return { file, signed, key, workspaceId };
      };

      app.put('/*', async (request, reply) => {
        const ok = authorise(request, reply);
        if (!ok) return reply;
        const max = ok.signed.maxBytes ?? 0;
        const declared = Number(request.headers['content-length'] ?? NaN);
        if (Number.isFinite(declared) && declared > max) {
          request.raw.resume();
          return reply.code(413).send({ code: 'FILE_TOO_LARGE', message: `The file is larger than the ${max} bytes allowed.` });
        }
        if (await this.stat(ok.workspaceId, ok.key)) {
          request.raw.resume();
          return reply.code(409).send({ code: 'ALREADY_UPLOADED', message: 'A file was already uploaded with this link.' });
        }
        await mkdir(path.dirname(ok.file), { recursive: true });
        const part = `${ok.file}.${randomBytes(4).toString('hex')}.part`;
        let received = 0;
        let tooLarge = false;
        try {
          await new Promise<void>((resolve, reject) => {
            const out = createWriteStream(part, { mode: 0o600 });
            const raw = request.raw;
            out.on('error', reject);
            raw.on('error', reject);
            raw.on('aborted', () => reject(Object.assign(new Error('upload aborted'), { code: 'ABORTED' })));
            raw.on('data', (chunk: Buffer) => {
              if (tooLarge) return; // the rest is read and dropped, so the answer can still be sent
              received += chunk.length;
              if (received > max) {
                tooLarge = true;
                out.destroy();
                resolve();
                return;
              }
              if (!out.write(chunk)) {
                raw.pause();
                out.once('drain', () => raw.resume());
              }
            });
            raw.on('end', () => {
              if (!tooLarge) out.end(() => resolve());
            });
          });
          if (!tooLarge) await rename(part, ok.file);
        } catch (error) {
          await rm(part, { force: true });
          // The browser went away mid-upload: nothing is kept, and there is nobody to answer.
          if ((error as { code?: string }).code === 'ABORTED') return reply;
          throw error;
        }
        if (tooLarge) {
          await rm(part, { force: true });
          return reply
            .code(413)
            .header('connection', 'close')
            .send({ code: 'FILE_TOO_LARGE', message: `The file is larger than the ${max} bytes allowed.` });
        }
        return reply.code(201).send({ key: ok.key, size: received });
      });

      const read = async (request: FastifyRequest, reply: FastifyReply) => {
        const ok = authorise(request, reply);
        if (!ok) return reply;
        let size: number;
        try {
          size = (await stat(ok.file)).size;
        } catch {
          return reply.code(404).send({ code: 'NOT_FOUND', message: 'No such file.' });
        }
        const range = parseRange(request.headers.range, size);
        if (range === 'unsatisfiable') {
          return reply.code(416).header('content-range', `bytes */${size}`).send({ code: 'RANGE_NOT_SATISFIABLE', message: 'That range is outside the file.' });
        }
        const type = detectType(await this.readHead(ok.workspaceId, ok.key));
        // A file shown in the page gets its true type; anything that could run script, or is unknown, is downloaded.
        const inline = ok.signed.disposition === 'inline' && type !== null && !ACTIVE_CONTENT.includes(type);
        const name = ok.key.slice(ok.key.indexOf('/') + 26);
        reply
          .header('content-type', inline ? type : 'application/octet-stream')
          .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${name}"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .header('accept-ranges', 'bytes');
        const [start, end] = range ?? [0, size - 1];
        reply.header('content-length', String(size === 0 ? 0 : end - start + 1));
        if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`);
        if (size === 0) return reply.send('');
        return reply.send(createReadStream(ok.file, { start, end }));
      };
      app.get('/*', read);
      // HEAD is answered by GET's route (Fastify exposes HEAD for every GET route by default).
    };
  }
}

/** One `bytes=a-b` range (also `a-` and `-n`), as [start, end] inclusive; null for none; several ranges are served whole. */
export function parseRange(header: string | undefined, size: number): [number, number] | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return [start, end];
}
