import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from './db/database';
import {
  decryptHead,
  decryptStream,
  encryptStream,
  EvidenceAuthError,
  newDataKey,
  plainSize,
  sealedSize,
  unwrapKey,
  verifyStream,
  wrapKey,
  type EvidenceKeyring,
  type WrappedKey,
} from './evidence-crypto';
import { SNIFF_BYTES } from '../../src/domain/files/file-types';
import type { DirectFileUrls } from './signed-files';
import { nameOfKey } from './signed-files';
import type { UrlSigner } from './signed-urls';

export const EVIDENCE_PREFIX = '/evidence-files';

/** An evidence file's row as the vault needs it. */
export interface SealedFile {
  id: string;
  storage_key: string;
  evidence_key_id: string | null;
  evidence_wrapped_key: string | null;
}

const wrappedOf = (f: SealedFile): WrappedKey => {
  if (!f.evidence_key_id || !f.evidence_wrapped_key) throw new Error(`Evidence file ${f.id} is not encrypted`);
  return { keyId: f.evidence_key_id, wrapped: f.evidence_wrapped_key };
};

/**
 * Evidence at rest (docs/files.md "Evidence at rest"): the browser PUTs an evidence file to a signed URL of this
 * server, which encrypts it as it streams in (a fresh data key per file, chunked AES-256-GCM, evidence-crypto.ts) and
 * writes only ciphertext to the file store, embedded or S3; the plaintext never rests anywhere. A download is a
 * signed URL of this server too, given after the case's access check: it checks the whole file's integrity first,
 * then streams the plaintext as an attachment, so a tampered file serves nothing.
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

  /** A new keyring (a restart with rotated configuration does this; tests call it). */
  useKeyring(ring: EvidenceKeyring): void {
    this.ring = ring;
  }

  uploadUrl(key: string, maxBytes: number, seconds: number): string {
    return this.signer.url('PUT', `${EVIDENCE_PREFIX}/${key}`, seconds, { maxBytes });
  }

  downloadUrl(key: string, seconds: number): string {
    return this.signer.url('GET', `${EVIDENCE_PREFIX}/${key}`, seconds, { disposition: 'attachment' });
  }

  /** Encrypts `pieces` (exactly `length` bytes) into the store under the file's key; returns the wrapped data key. */
  async seal(workspaceId: string, file: { id: string; storage_key: string }, pieces: AsyncIterable<Uint8Array>, length: number): Promise<WrappedKey> {
    const dataKey = newDataKey();
    await this.store.writeStream(workspaceId, file.storage_key, encryptStream(dataKey, pieces), sealedSize(length));
    return wrapKey(this.ring, dataKey, file.id);
  }

  /** The plaintext's size and first bytes (to type it), from the stored size and first chunk only. */
  async describe(workspaceId: string, file: SealedFile): Promise<{ size: number; head: Uint8Array } | null> {
    const stored = await this.store.stat(workspaceId, file.storage_key);
    if (!stored) return null;
    const size = plainSize(stored.size);
    if (size === null) throw new EvidenceAuthError('The stored evidence file has a size no encrypted file has');
    const key = unwrapKey(this.ring, wrappedOf(file), file.id);
    const first = await this.store.readRange(workspaceId, file.storage_key, 0, Math.min(stored.size, 16 + 64 * 1024 + 16));
    return { size, head: decryptHead(key, first, stored.size).subarray(0, SNIFF_BYTES) };
  }

  /** The whole file checked, then its plaintext as a stream; EvidenceAuthError before any byte when it was changed. */
  async open(workspaceId: string, file: SealedFile): Promise<AsyncIterable<Buffer>> {
    const key = unwrapKey(this.ring, wrappedOf(file), file.id);
    await verifyStream(key, this.store.readStream(workspaceId, file.storage_key));
    return decryptStream(key, this.store.readStream(workspaceId, file.storage_key));
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
        const { verdict, request: signed } = this.signer.verify(request.method, `${EVIDENCE_PREFIX}/${key}`, request.query as Record<string, unknown>);
        if (verdict === 'expired') return void reply.code(403).send({ code: 'URL_EXPIRED', message: 'This link has expired: ask for a new one.' });
        if (verdict !== 'ok' || !signed) return void reply.code(403).send({ code: 'BAD_SIGNATURE', message: 'This link is not valid.' });
        const workspaceId = workspaceOf(request);
        if (!workspaceId || !key.startsWith(`${workspaceId}/`)) return void reply.code(404).send({ code: 'NOT_FOUND', message: 'No such file.' });
        return { key, signed, workspaceId };
      };
      const rowOf = (workspaceId: string, key: string) =>
        db.tenant(workspaceId, async (tx) => {
          const [row] = await tx.query<SealedFile & { status: string; declared_name: string }>(
            `SELECT id, storage_key, evidence_key_id, evidence_wrapped_key, status, declared_name FROM files WHERE workspace_id = $1 AND storage_key = $2 AND purpose = 'EVIDENCE'`,
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
        if (!Number.isInteger(declared)) return refuse(411, { code: 'LENGTH_REQUIRED', message: 'Send the file with its Content-Length.' });
        if (declared > max) return refuse(413, { code: 'FILE_TOO_LARGE', message: `The file is larger than the ${max} bytes allowed.` });
        const row = await rowOf(ok.workspaceId, ok.key);
        if (!row) return refuse(404, { code: 'NOT_FOUND', message: 'No such file.' });
        if (row.evidence_key_id || row.status !== 'PENDING' || (await this.store.stat(ok.workspaceId, ok.key))) {
          return refuse(409, { code: 'ALREADY_UPLOADED', message: 'A file was already uploaded with this link.' });
        }
        let wrapped: WrappedKey;
        try {
          wrapped = await this.seal(ok.workspaceId, row, request.raw, declared);
        } catch (error) {
          await this.store.remove(ok.workspaceId, ok.key).catch(() => undefined);
          if (request.raw.destroyed || request.raw.readableAborted) return reply;
          throw error;
        }
        // The key is kept only once the ciphertext is whole; until then nothing can be confirmed or read.
        await db.tenant(ok.workspaceId, (tx) =>
          tx.query(`UPDATE files SET evidence_key_id = $3, evidence_wrapped_key = $4 WHERE workspace_id = $1 AND id = $2`, [ok.workspaceId, row.id, wrapped.keyId, wrapped.wrapped]),
        );
        return reply.code(201).send({ key: ok.key, size: declared });
      });

      app.get('/*', async (request, reply) => {
        const ok = authorise(request, reply);
        if (!ok) return reply;
        const row = await rowOf(ok.workspaceId, ok.key);
        if (!row || !row.evidence_key_id) return reply.code(404).send({ code: 'NOT_FOUND', message: 'No such file.' });
        let plain: AsyncIterable<Buffer>;
        try {
          plain = await this.open(ok.workspaceId, row);
        } catch (error) {
          if (error instanceof EvidenceAuthError) {
            request.log.error({ fileId: row.id }, 'evidence failed its integrity check');
            return reply.code(409).send({ code: 'EVIDENCE_TAMPERED', message: 'This evidence file failed its integrity check and cannot be served.' });
          }
          throw error;
        }
        const stored = await this.store.stat(ok.workspaceId, ok.key);
        const name = row.declared_name || nameOfKey(ok.key);
        return reply
          .header('content-type', 'application/octet-stream')
          .header('content-disposition', `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`)
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
        await tx.query(`UPDATE files SET evidence_key_id = $3, evidence_wrapped_key = $4 WHERE workspace_id = $1 AND id = $2`, [ws, row.id, w.keyId, w.wrapped]);
      }
      return rows.length;
    });
  }
  return count;
}
