import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { detectType, SNIFF_BYTES, ACTIVE_CONTENT } from '../../src/domain/files/file-types';
import type { UrlSigner } from './signed-urls';
import { systemClock } from './clock';

/**
 * Uploads and downloads that go straight between the browser and the file store, through URLs the server signs after
 * its own access checks (DESIGN 4b). This is the port; `EmbeddedFileUrls` is the default, which keeps the files under
 * DATA_DIR and serves the signed URLs itself. An S3-compatible store implements the same port with presigned URLs.
 */
export interface DirectFileUrls {
  /** Where the URLs point when not at this server (an object store's origin, for the Content-Security-Policy); none for the embedded storage. */
  readonly origin?: string;
  /**
   * A new key for a file of this workspace, and a URL the browser PUTs its bytes to (at most `maxBytes`; `size`, when
   * known, is the length the client declared, which a store that signs headers holds it to).
   */
  uploadUrl(
    workspaceId: string,
    name: string,
    options: { maxBytes: number; seconds: number; size?: number },
  ): Promise<UploadTicket>;
  /**
   * A URL to read a stored file for `seconds`; `attachment` makes the browser download it, never show it. `type` is
   * the type confirmed from the file's bytes, and `fileName` the name to save it under.
   */
  downloadUrl(
    workspaceId: string,
    key: string,
    options: { seconds: number; disposition: 'inline' | 'attachment'; type?: string | null; fileName?: string },
  ): Promise<string>;
  /** The size of a stored file, or null when nothing was uploaded under the key. */
  stat(workspaceId: string, key: string): Promise<{ size: number } | null>;
  /** The first bytes of a stored file, to tell its type from its own bytes. */
  readHead(workspaceId: string, key: string, bytes?: number): Promise<Uint8Array>;
  /** `length` bytes from `start` (fewer at the end of the file), e.g. a zip's directory. */
  readRange(workspaceId: string, key: string, start: number, length: number): Promise<Uint8Array>;
  /** Forgets a stored file (a refused upload leaves nothing behind). */
  remove(workspaceId: string, key: string): Promise<void>;
  /** Stores bytes the server itself has (the demo's seeded video) under a new key of the workspace; returns the key. */
  store(workspaceId: string, name: string, bytes: Uint8Array): Promise<string>;
  /**
   * Writes a stream of pieces under a key (from `newFileKey`) as they come, never holding the file: `length` is the
   * exact total (an object store needs it up front). Used for evidence, which the server encrypts on its way in.
   */
  writeStream(workspaceId: string, key: string, pieces: AsyncIterable<Uint8Array>, length: number): Promise<void>;
  /** A stored file as a stream of pieces, read as it is consumed. */
  readStream(workspaceId: string, key: string): AsyncIterable<Uint8Array>;
  /**
   * Removes part files (uploads a killed process left unfinished) older than `olderThanMs`; returns how many. Only a
   * store that writes part files has it (the embedded one: an S3 PutObject is whole or nothing).
   */
  sweepParts?(olderThanMs: number): Promise<number>;
}

export interface UploadTicket {
  key: string;
  url: string;
  method: 'PUT';
  /** Headers the PUT must carry exactly (an object store signs them); none for the embedded storage. */
  headers: Record<string, string>;
  expiresAt: string;
  maxBytes: number;
}

/**
 * A new file's key: its workspace and a random part, nothing of its name (a name can say who and what: "photo of
 * <name> at the offsite.jpg"). The display name lives in the database; downloads give it in Content-Disposition.
 */
export function newFileKey(workspaceId: string): string {
  return `${workspaceId}/${randomBytes(12).toString('hex')}`;
}

/** Keys made before names left them (`<random>-<safe name>`) are still read until the file jobs move them. */
const KEY = /^[0-9a-f-]{36}\/[0-9a-f]{24}(?:-[A-Za-z0-9._-]{1,120})?$/;
const NAMED_KEY = /^[0-9a-f-]{36}\/[0-9a-f]{24}-[A-Za-z0-9._-]{1,120}$/;

/**
 * Keys the server's own writes (profile pictures, import files) were given before they went through this port:
 * `<12 random hex>-<safe name>`, in the same folder, still read and removed where they are.
 */
const SERVER_WRITTEN_KEY = /^[0-9a-f-]{36}\/[0-9a-f]{12}-[A-Za-z0-9._-]{1,180}$/;

/** Whether a key has the shape newFileKey gives (or gave), inside this workspace. */
export function isKeyOf(workspaceId: string, key: string): boolean {
  return (KEY.test(key) || SERVER_WRITTEN_KEY.test(key)) && key.startsWith(`${workspaceId}/`);
}

/** A stored file's bytes whole (a small one: a profile picture), or null when nothing is stored under the key. */
export async function readWhole(files: DirectFileUrls, workspaceId: string, key: string): Promise<Uint8Array | null> {
  if (!(await files.stat(workspaceId, key))) return null;
  const pieces: Uint8Array[] = [];
  for await (const piece of files.readStream(workspaceId, key)) pieces.push(piece);
  return new Uint8Array(Buffer.concat(pieces));
}

/**
 * Stores a file the server received (an import's upload) under a new key of the workspace, as a stream: `size` is its
 * length when known, else it is measured by a first read (the source can be read again).
 */
export async function storeUpload(
  files: DirectFileUrls,
  workspaceId: string,
  source: Uint8Array | (() => AsyncIterable<Uint8Array>),
  size?: number,
): Promise<string> {
  const key = newFileKey(workspaceId);
  if (source instanceof Uint8Array) {
    const bytes = source;
    await files.writeStream(
      workspaceId,
      key,
      (async function* () {
        yield bytes;
      })(),
      bytes.length,
    );
    return key;
  }
  let length = size;
  if (length === undefined) {
    length = 0;
    for await (const piece of source()) length += piece.length;
  }
  await files.writeStream(workspaceId, key, source(), length);
  return key;
}

/** Whether a key still carries a name (made before keys were random only): the file jobs move such files. */
export function isNamedKey(key: string): boolean {
  return NAMED_KEY.test(key);
}

/** The (safe form of the) name an old key was made from; '' for a random key. */
export function nameOfKey(key: string): string {
  return isNamedKey(key) ? key.slice(key.indexOf('/') + 26) : '';
}

/** A Content-Disposition header value; the name as given (UTF-8) and an ASCII fallback. No name: none is sent. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string | null | undefined): string {
  if (!name) return kind;
  return `${kind}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The display name of a stored file, from the database (the embedded file routes ask it for Content-Disposition). */
export type StoredNameOf = (workspaceId: string, key: string) => Promise<string | null>;

const PREFIX = '/files';

/** The store is out of space (a full disk: ENOSPC, or a quota: EDQUOT): the upload is answered 507, never left hanging. */
export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

export const DISK_FULL = {
  code: 'INSUFFICIENT_STORAGE',
  message: 'The file store is full: the file was not kept. Try again later.',
};

export class EmbeddedFileUrls implements DirectFileUrls {
  constructor(
    private readonly root: string,
    private readonly signer: UrlSigner,
    private readonly now: () => number = () => systemClock.now().getTime(),
  ) {}

  async uploadUrl(
    workspaceId: string,
    _name: string,
    { maxBytes, seconds }: { maxBytes: number; seconds: number },
  ): Promise<UploadTicket> {
    const key = newFileKey(workspaceId);
    return {
      key,
      url: this.signer.url('PUT', `${PREFIX}/${key}`, seconds, { maxBytes }),
      method: 'PUT',
      headers: {},
      expiresAt: new Date(this.now() + seconds * 1000).toISOString(),
      maxBytes,
    };
  }

  async downloadUrl(
    workspaceId: string,
    key: string,
    { seconds, disposition }: { seconds: number; disposition: 'inline' | 'attachment' },
  ): Promise<string> {
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
    return this.readRange(workspaceId, key, 0, bytes);
  }

  async readRange(workspaceId: string, key: string, start: number, length: number): Promise<Uint8Array> {
    const file = this.pathOf(workspaceId, key);
    if (!file || length <= 0) return new Uint8Array();
    const handle = await open(file, 'r');
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, start);
      return new Uint8Array(buffer.subarray(0, bytesRead));
    } finally {
      await handle.close();
    }
  }

  async remove(workspaceId: string, key: string): Promise<void> {
    const file = this.pathOf(workspaceId, key);
    if (file) await rm(file, { force: true });
  }

  async store(workspaceId: string, _name: string, bytes: Uint8Array): Promise<string> {
    const key = newFileKey(workspaceId);
    const file = this.pathOf(workspaceId, key)!;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
    return key;
  }

  async writeStream(workspaceId: string, key: string, pieces: AsyncIterable<Uint8Array>): Promise<void> {
    const file = this.pathOf(workspaceId, key);
    if (!file) throw new Error(`Not a stored file of this workspace: ${key}`);
    await mkdir(path.dirname(file), { recursive: true });
    // Written to a part file and renamed once whole: a failed write leaves nothing under the key.
    const part = `${file}.${randomBytes(4).toString('hex')}.part`;
    try {
      await pipeline(Readable.from(pieces), createWriteStream(part, { mode: 0o600 }));
      await rename(part, file);
    } catch (error) {
      await rm(part, { force: true });
      throw error;
    }
  }

  async *readStream(workspaceId: string, key: string): AsyncIterable<Uint8Array> {
    const file = this.pathOf(workspaceId, key);
    if (!file) throw new Error(`Not a stored file of this workspace: ${key}`);
    yield* createReadStream(file, { highWaterMark: 64 * 1024 }) as AsyncIterable<Uint8Array>;
  }

  async sweepParts(olderThanMs: number): Promise<number> {
    const before = this.now() - olderThanMs;
    let removed = 0;
    let folders: string[];
    try {
      folders = await readdir(this.root);
    } catch {
      return 0;
    }
    for (const folder of folders) {
      let names: string[];
      try {
        names = await readdir(path.join(this.root, folder));
      } catch {
        continue; // not a folder
      }
      for (const name of names.filter((n) => n.endsWith('.part'))) {
        const file = path.join(this.root, folder, name);
        const info = await stat(file).catch(() => null);
        if (info && info.mtimeMs < before) {
          await rm(file, { force: true });
          removed++;
        }
      }
    }
    return removed;
  }

  /** The file of a key, only when the key is of this workspace and has the shape uploadUrl gives. */
  pathOf(workspaceId: string, key: string): string | null {
    if (!isKeyOf(workspaceId, key)) return null;
    return path.join(this.root, key);
  }

  /** Serves the signed URLs: PUT stores a file once, GET (and HEAD) read it, with ranges so a video can seek. */
  routes(workspaceOf: (request: FastifyRequest) => string | null, nameOf?: StoredNameOf) {
    return async (app: FastifyInstance) => {
      // The body of a PUT is the file itself, whatever its type: read as a stream, never parsed or buffered.
      app.removeAllContentTypeParsers();
      app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

      const authorise = (request: FastifyRequest, reply: FastifyReply) => {
        const { '*': key } = request.params as { '*': string };
        const urlPath = `${PREFIX}/${key}`;
        const { verdict, request: signed } = this.signer.verify(
          request.method,
          urlPath,
          request.query as Record<string, unknown>,
        );
        if (verdict === 'expired')
          return void reply
            .code(403)
            .send({ code: 'URL_EXPIRED', message: 'This link has expired: ask for a new one.' });
        if (verdict !== 'ok' || !signed)
          return void reply.code(403).send({ code: 'BAD_SIGNATURE', message: 'This link is not valid.' });
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
          return reply
            .code(413)
            .send({ code: 'FILE_TOO_LARGE', message: `The file is larger than the ${max} bytes allowed.` });
        }
        if (await this.stat(ok.workspaceId, ok.key)) {
          request.raw.resume();
          return reply
            .code(409)
            .send({ code: 'ALREADY_UPLOADED', message: 'A file was already uploaded with this link.' });
        }
        await mkdir(path.dirname(ok.file), { recursive: true });
        const part = `${ok.file}.${randomBytes(4).toString('hex')}.part`;
        let received = 0;
        let tooLarge = false;
        try {
          await new Promise<void>((resolve, reject) => {
            // A deep write buffer lets the socket keep reading while the disk writes (chunks queued meanwhile go down in one
            // writev); it bounds what an upload holds in memory, whatever its size.
            const out = createWriteStream(part, { mode: 0o600, highWaterMark: 8 * 1024 * 1024 });
            const raw = request.raw;
            // Settles once the part file is closed: removing it before its open completes would leave it behind.
            const afterClose = (settle: () => void) => {
              if (out.closed) return settle();
              out.once('close', settle);
              out.destroy();
            };
            out.on('error', (error) => afterClose(() => reject(error)));
            raw.on('error', (error) => afterClose(() => reject(error)));
            raw.on('aborted', () =>
              afterClose(() => reject(Object.assign(new Error('upload aborted'), { code: 'ABORTED' }))),
            );
            raw.on('data', (chunk: Buffer) => {
              if (tooLarge) return; // the rest is read and dropped, so the answer can still be sent
              received += chunk.length;
              if (received > max) {
                tooLarge = true;
                afterClose(resolve);
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
          if (isDiskFull(error)) {
            request.raw.resume();
            return reply.code(507).header('connection', 'close').send(DISK_FULL);
          }
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
          return reply
            .code(416)
            .header('content-range', `bytes */${size}`)
            .send({ code: 'RANGE_NOT_SATISFIABLE', message: 'That range is outside the file.' });
        }
        const type = detectType(await this.readHead(ok.workspaceId, ok.key));
        // A file shown in the page gets its true type; anything that could run script, or is unknown, is downloaded.
        const inline = ok.signed.disposition === 'inline' && type !== null && !ACTIVE_CONTENT.includes(type);
        const name = (nameOf ? await nameOf(ok.workspaceId, ok.key) : null) ?? nameOfKey(ok.key);
        reply
          .header('content-type', inline ? type : 'application/octet-stream')
          .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', name))
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
