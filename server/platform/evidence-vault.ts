import { createHash, randomUUID, type Hash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from './db/database';
import {
  decryptHead,
  decryptStream,
  encryptStream,
  EvidenceAuthError,
  newDataKey,
  openName,
  plainSize,
  sealName,
  sealedSize,
  unwrapKey,
  verifyStream,
  wrapKey,
  type EvidenceKeyring,
  type WrappedKey,
} from './evidence-crypto';
import { SNIFF_BYTES } from '../../src/domain/files/file-types';
import type { DirectFileUrls } from './signed-files';
import { contentDisposition, DISK_FULL, isDiskFull, nameOfKey, newFileKey } from './signed-files';
import type { UrlSigner } from './signed-urls';

export const EVIDENCE_PREFIX = '/evidence-files';

/** What an evidence file's row holds in place of its name: the name itself is sealed (name_sealed). */
export const SEALED_NAME_PLACEHOLDER = 'evidence';

/** An evidence file's row as the vault needs it. */
export interface SealedFile {
  id: string;
  storage_key: string;
  evidence_key_id: string | null;
  evidence_wrapped_key: string | null;
  evidence_sealed_at?: Date | string | null;
  name_sealed?: string | null;
  declared_name?: string;
}

/** The columns of SealedFile, for a SELECT of `files` (alias `f` optional). */
export const SEALED_COLUMNS =
  'id, storage_key, evidence_key_id, evidence_wrapped_key, evidence_sealed_at, name_sealed, declared_name';

const wrappedOf = (f: SealedFile): WrappedKey => {
  if (!f.evidence_key_id || !f.evidence_wrapped_key) throw new Error(`Evidence file ${f.id} is not encrypted`);
  return { keyId: f.evidence_key_id, wrapped: f.evidence_wrapped_key };
};

/** A new evidence file's row before any byte: its id, a random storage key, its wrapped data key and sealed name. */
export interface NewSealedFile {
  id: string;
  storageKey: string;
  keyId: string;
  wrapped: string;
  nameSealed: string;
}

/** What an upload through the vault leaves: the data key wrapped and the plaintext's SHA-256 (chain of custody). */
export interface Sealed {
  wrapped: WrappedKey;
  sha256: string;
  size: number;
}

/** The plaintext's SHA-256 and size, taken as the pieces pass through. */
async function* hashing(
  pieces: AsyncIterable<Uint8Array>,
  into: { hash: Hash; size: number },
): AsyncGenerator<Uint8Array> {
  for await (const piece of pieces) {
    into.hash.update(piece);
    into.size += piece.length;
    yield piece;
  }
}

/**
 * Evidence at rest (docs/files.md "Evidence at rest"): the browser PUTs an evidence file to a signed URL of this
 * server, which encrypts it as it streams in (the file's own data key, chunked AES-256-GCM, evidence-crypto.ts) and
 * writes only ciphertext to the file store, embedded or S3; the plaintext never rests anywhere. Every evidence upload
 * goes this way, a member's and an anonymous reporter's alike. A download is a signed URL of this server too, given
 * after the case's access check: it checks the whole file's integrity first, then streams the plaintext as an
 * attachment, so a tampered file serves nothing. Keys and URLs carry no name: the name is sealed with the data key.
 */
export class EvidenceVault {
  constructor(
    private readonly store: DirectFileUrls,
    private ring: EvidenceKeyring,
    private readonly signer: UrlSigner,
  ) {}

  get keyring(): EvidenceKeyring {
    return this.ring;
  }

  get files(): DirectFileUrls {
    return this.store;
  }

  /** A new keyring (a restart with rotated configuration does this; tests call it). */
  useKeyring(ring: EvidenceKeyring): void {
    this.ring = ring;
  }

  /** A new evidence file of the workspace: id, random key, a fresh data key (wrapped) and the name sealed with it. */
  newFile(workspaceId: string, name: string): NewSealedFile {
    const id = randomUUID();
    const dataKey = newDataKey();
    const w = wrapKey(this.ring, dataKey, id);
    return {
      id,
      storageKey: newFileKey(workspaceId),
      keyId: w.keyId,
      wrapped: w.wrapped,
      nameSealed: sealName(dataKey, name, id),
    };
  }

  /** The file's display name: unsealed, or as stored for a file from before names were sealed. */
  nameOf(file: SealedFile): string {
    if (file.name_sealed) return openName(unwrapKey(this.ring, wrappedOf(file), file.id), file.name_sealed, file.id);
    return file.declared_name ?? '';
  }

  /** The name sealed with the file's data key (a file from before names were sealed, by the file jobs). */
  sealNameOf(file: SealedFile, name: string): string {
    return sealName(unwrapKey(this.ring, wrappedOf(file), file.id), name, file.id);
  }

  uploadUrl(key: string, maxBytes: number, seconds: number): string {
    return this.signer.url('PUT', `${EVIDENCE_PREFIX}/${key}`, seconds, { maxBytes });
  }

  downloadUrl(key: string, seconds: number): string {
    return this.signer.url('GET', `${EVIDENCE_PREFIX}/${key}`, seconds, { disposition: 'attachment' });
  }

  /**
   * Encrypts `pieces` (exactly `length` bytes) into the store under `key` with the data key `dataKey` (a new one when
   * not given); returns the wrapped data key and the plaintext's SHA-256.
   */
  async seal(
    workspaceId: string,
    file: { id: string },
    key: string,
    pieces: AsyncIterable<Uint8Array>,
    length: number,
    dataKey: Buffer = newDataKey(),
  ): Promise<Sealed> {
    const seen = { hash: createHash('sha256'), size: 0 };
    await this.store.writeStream(workspaceId, key, encryptStream(dataKey, hashing(pieces, seen)), sealedSize(length));
    if (seen.size !== length) throw new Error(`Evidence upload ended after ${seen.size} of ${length} bytes`);
    return { wrapped: wrapKey(this.ring, dataKey, file.id), sha256: seen.hash.digest('hex'), size: seen.size };
  }

  /** The plaintext's size and first bytes (to type it), from the stored size and first chunk only. */
  async describe(workspaceId: string, file: SealedFile): Promise<{ size: number; head: Uint8Array } | null> {
    const stored = await this.store.stat(workspaceId, file.storage_key);
    if (!stored) return null;
    const size = plainSize(stored.size);
    if (size === null) throw new EvidenceAuthError('The stored evidence file has a size no encrypted file has');
    const key = unwrapKey(this.ring, wrappedOf(file), file.id);
    const first = await this.store.readRange(
      workspaceId,
      file.storage_key,
      0,
      Math.min(stored.size, 16 + 64 * 1024 + 16),
    );
    return { size, head: decryptHead(key, first, stored.size).subarray(0, SNIFF_BYTES) };
  }

  /** Up to `bytes` of the plaintext from its start (an image's header), decrypting only the chunks needed. */
  async readPrefix(workspaceId: string, file: SealedFile, bytes: number): Promise<Buffer> {
    const key = unwrapKey(this.ring, wrappedOf(file), file.id);
    const out: Buffer[] = [];
    let got = 0;
    for await (const plain of decryptStream(key, this.store.readStream(workspaceId, file.storage_key))) {
      out.push(plain);
      got += plain.length;
      if (got >= bytes) break;
    }
    return Buffer.concat(out).subarray(0, bytes);
  }

  /** The whole file checked, then its plaintext as a stream; EvidenceAuthError before any byte when it was changed. */
  async open(workspaceId: string, file: SealedFile): Promise<AsyncIterable<Buffer>> {
    const key = unwrapKey(this.ring, wrappedOf(file), file.id);
    await verifyStream(key, this.store.readStream(workspaceId, file.storage_key));
    return decryptStream(key, this.store.readStream(workspaceId, file.storage_key));
  }

  /** The data key of a file (the file jobs re-seal a file under it). */
  dataKeyOf(file: SealedFile): Buffer {
    return unwrapKey(this.ring, wrappedOf(file), file.id);
  }

  /** The data key wrapped again under the current master key (the file is not read). */
  rewrap(file: SealedFile): WrappedKey {
    return wrapKey(this.ring, unwrapKey(this.ring, wrappedOf(file), file.id), file.id);
  }

  /**
   * The signed URLs' routes. `workspaceOf` gives the workspace of the request's host: a URL works at its own
   * workspace's address only.
   */
  routes(db: Database, workspaceOf: (request: FastifyRequest) => string | null) {
    return async (app: FastifyInstance) => {
      app.removeAllContentTypeParsers();
      app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

      const authorise = (request: FastifyRequest, reply: FastifyReply) => {
        const { '*': key } = request.params as { '*': string };
        const { verdict, request: signed } = this.signer.verify(
          request.method,
          `${EVIDENCE_PREFIX}/${key}`,
          request.query as Record<string, unknown>,
        );
        if (verdict === 'expired')
          return void reply
            .code(403)
            .send({ code: 'URL_EXPIRED', message: 'This link has expired: ask for a new one.' });
        if (verdict !== 'ok' || !signed)
          return void reply.code(403).send({ code: 'BAD_SIGNATURE', message: 'This link is not valid.' });
        const workspaceId = workspaceOf(request);
        if (!workspaceId || !key.startsWith(`${workspaceId}/`))
          return void reply.code(404).send({ code: 'NOT_FOUND', message: 'No such file.' });
        return { key, signed, workspaceId };
      };
      const rowOf = (workspaceId: string, key: string) =>
        db.tenant(workspaceId, async (tx) => {
          const [row] = await tx.query<SealedFile & { status: string; declared_size: string | number }>(
            `SELECT ${SEALED_COLUMNS}, status, declared_size FROM files WHERE workspace_id = $1 AND storage_key = $2 AND purpose = 'EVIDENCE'`,
            [workspaceId, key],
          );
          return row ?? null;
        });

      app.put('/*', async (request, reply) => {
        const ok = authorise(request, reply);
        if (!ok) return reply;
        const max = ok.signed.maxBytes ?? 0;
        const declared = Number(request.headers['content-length'] ?? NaN);
        const refuse = (code: number, body: object) => {
          request.raw.resume();
          return reply.code(code).header('connection', 'close').send(body);
        };
        if (!Number.isInteger(declared))
          return refuse(411, { code: 'LENGTH_REQUIRED', message: 'Send the file with its Content-Length.' });
        if (declared === 0)
          return refuse(400, { code: 'EMPTY_FILE', message: 'The file is empty: there is nothing to keep.' });
        if (declared > max)
          return refuse(413, { code: 'FILE_TOO_LARGE', message: `The file is larger than the ${max} bytes allowed.` });
        const row = await rowOf(ok.workspaceId, ok.key);
        if (!row || !row.evidence_key_id) return refuse(404, { code: 'NOT_FOUND', message: 'No such file.' });
        if (row.evidence_sealed_at || row.status !== 'PENDING' || (await this.store.stat(ok.workspaceId, ok.key))) {
          return refuse(409, { code: 'ALREADY_UPLOADED', message: 'A file was already uploaded with this link.' });
        }
        let sealed: Sealed;
        try {
          // Read without destroying the request when the store gives up, so that an answer can still be sent.
          sealed = await this.seal(
            ok.workspaceId,
            row,
            ok.key,
            request.raw.iterator({ destroyOnReturn: false }),
            declared,
            this.dataKeyOf(row),
          );
        } catch (error) {
          await this.store.remove(ok.workspaceId, ok.key).catch(() => undefined);
          // A full store is answered, whatever became of the request stream: a client is never left waiting.
          if (isDiskFull(error)) return refuse(507, DISK_FULL);
          if (request.raw.destroyed || request.raw.readableAborted) return reply;
          throw error;
        }
        // Marked whole only once the ciphertext is: until then nothing can be confirmed or read.
        await db.tenant(ok.workspaceId, (tx) =>
          tx.query(
            `UPDATE files SET evidence_sealed_at = now(), sha256 = $3 WHERE workspace_id = $1 AND id = $2 AND evidence_sealed_at IS NULL`,
            [ok.workspaceId, row.id, sealed.sha256],
          ),
        );
        return reply.code(201).send({ key: ok.key, size: declared });
      });

      app.get('/*', async (request, reply) => {
        const ok = authorise(request, reply);
        if (!ok) return reply;
        const row = await rowOf(ok.workspaceId, ok.key);
        if (!row || !row.evidence_key_id || !row.evidence_sealed_at)
          return reply.code(404).send({ code: 'NOT_FOUND', message: 'No such file.' });
        let plain: AsyncIterable<Buffer>;
        let name: string;
        try {
          plain = await this.open(ok.workspaceId, row);
          name = this.nameOf(row);
        } catch (error) {
          if (error instanceof EvidenceAuthError) {
            request.log.error({ fileId: row.id }, 'evidence failed its integrity check');
            return reply.code(409).send({
              code: 'EVIDENCE_TAMPERED',
              message: 'This evidence file failed its integrity check and cannot be served.',
            });
          }
          throw error;
        }
        const stored = await this.store.stat(ok.workspaceId, ok.key);
        return reply
          .header('content-type', 'application/octet-stream')
          .header('content-disposition', contentDisposition('attachment', name || nameOfKey(ok.key) || 'evidence'))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .header('content-length', String(plainSize(stored?.size ?? 0) ?? 0))
          .send(Readable.from(plain));
      });
    };
  }
}

/**
 * Rotation (docs/files.md "Evidence at rest"): every evidence data key not wrapped by the current master key is
 * unwrapped with its old key and wrapped again, workspace by workspace; the files are not read or rewritten.
 * Resolves with how many keys were rewrapped.
 */
export async function rewrapEvidenceKeys(db: Database, vault: EvidenceVault): Promise<number> {
  const current = vault.keyring.current.id;
  const workspaces = await db.query<{ id: string }>(`SELECT id FROM workspaces`);
  let count = 0;
  for (const { id: ws } of workspaces) {
    count += await db.tenant(ws, async (tx) => {
      const rows = await tx.query<SealedFile>(
        `SELECT id, storage_key, evidence_key_id, evidence_wrapped_key FROM files
          WHERE workspace_id = $1 AND evidence_key_id IS NOT NULL AND evidence_key_id <> $2 FOR UPDATE`,
        [ws, current],
      );
      for (const row of rows) {
        const w = vault.rewrap(row);
        await tx.query(
          `UPDATE files SET evidence_key_id = $3, evidence_wrapped_key = $4 WHERE workspace_id = $1 AND id = $2`,
          [ws, row.id, w.keyId, w.wrapped],
        );
      }
      return rows.length;
    });
  }
  return count;
}
