import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Evidence encrypted at rest (docs/files.md "Evidence at rest"). Each file has its own random 256-bit data key; the
 * file's bytes are AES-256-GCM in chunks, and the data key is kept in the database wrapped (AES-256-GCM) by a master
 * key from configuration, with the master key's id beside it, so the master key can be rotated: old keys stay in the
 * keyring to unwrap, and a rotation rewraps every data key under the current one without touching the files.
 *
 * The file format (chunked GCM, after the STREAM construction): a header of 16 bytes, "SPEV" + version 1, the chunk
 * size (uint32, big-endian), and a random 7-byte nonce prefix; then chunks of at most `chunkSize` plaintext bytes, each
 * followed by its 16-byte tag. Chunk i's nonce is prefix ‖ i (uint32) ‖ last (1 for the final chunk, else 0), and the
 * header is each chunk's additional data: reordering, dropping, truncating or extending chunks, or editing the
 * header, fails authentication. There is always a final chunk (empty for an empty file).
 */

export const CHUNK_BYTES = 64 * 1024;
const MAGIC = Buffer.from('SPEV');
const VERSION = 1;
export const HEADER_BYTES = 16;
const TAG_BYTES = 16;

export class EvidenceAuthError extends Error {
  constructor(message = 'The evidence file failed its integrity check: it was changed after it was stored') {
    super(message);
    this.name = 'EvidenceAuthError';
  }
}

// ---------- master keys ----------

export interface MasterKey {
  id: string;
  key: Buffer;
}

/** The master keys: the current one wraps, every one unwraps. */
export class EvidenceKeyring {
  private readonly byId: Map<string, Buffer>;
  constructor(
    readonly current: MasterKey,
    old: MasterKey[] = [],
  ) {
    this.byId = new Map([...old, current].map((k) => [k.id, k.key]));
    for (const k of [current, ...old])
      if (k.key.length !== 32) throw new Error(`Evidence master key ${k.id} must be 32 bytes`);
  }

  get ids(): string[] {
    return [...this.byId.keys()];
  }

  key(id: string): Buffer {
    const key = this.byId.get(id);
    if (!key)
      throw new Error(`Evidence master key ${id} is not configured (EVIDENCE_OLD_MASTER_KEYS keeps retired keys)`);
    return key;
  }
}

export interface WrappedKey {
  keyId: string;
  /** base64 of iv (12) ‖ tag (16) ‖ encrypted data key (32). */
  wrapped: string;
}

/** A new random data key. */
export const newDataKey = (): Buffer => randomBytes(32);

/** The data key wrapped by the current master key; `bind` (the file's id) is authenticated with it. */
export function wrapKey(ring: EvidenceKeyring, dataKey: Buffer, bind: string): WrappedKey {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', ring.current.key, iv);
  cipher.setAAD(Buffer.from(`evidence:${ring.current.id}:${bind}`));
  const body = Buffer.concat([cipher.update(dataKey), cipher.final()]);
  return { keyId: ring.current.id, wrapped: Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64') };
}

export function unwrapKey(ring: EvidenceKeyring, w: WrappedKey, bind: string): Buffer {
  const raw = Buffer.from(w.wrapped, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', ring.key(w.keyId), raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(`evidence:${w.keyId}:${bind}`));
  decipher.setAuthTag(raw.subarray(12, 28));
  try {
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
  } catch {
    throw new EvidenceAuthError('The evidence file key failed its integrity check');
  }
}

/**
 * One master key from configuration: `<id>:<key>`, the key as 64 hex digits or base64 of 32 bytes; the id names it
 * in the database (letters, digits, `-`, `_`, `.`).
 */
export function parseMasterKey(text: string, name: string): MasterKey {
  const m = /^([A-Za-z0-9._-]{1,40}):(.+)$/.exec(text.trim());
  if (!m) throw new Error(`${name} must be <id>:<key> (the key 64 hex digits or base64 of 32 bytes)`);
  const key = /^[0-9a-f]{64}$/i.test(m[2]) ? Buffer.from(m[2], 'hex') : Buffer.from(m[2], 'base64');
  if (key.length !== 32) throw new Error(`${name}: the key must be 32 bytes (64 hex digits)`);
  return { id: m[1], key };
}

/**
 * The keyring from `EVIDENCE_MASTER_KEY` (current) and `EVIDENCE_OLD_MASTER_KEYS` (comma-separated, retired keys kept
 * to unwrap). Unset, a development key is derived (HKDF-SHA256) from the server's file-URL secret, id `dev`, so the
 * embedded demo works out of the box; in production (`NODE_ENV=production`) an unset key refuses to start.
 */
export function loadEvidenceKeyring(env: {
  current?: string;
  old?: string;
  production: boolean;
  devSecret: Uint8Array;
}): EvidenceKeyring {
  const old = (env.old ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s, i) => parseMasterKey(s, `EVIDENCE_OLD_MASTER_KEYS[${i}]`));
  if (env.current) return new EvidenceKeyring(parseMasterKey(env.current, 'EVIDENCE_MASTER_KEY'), old);
  if (env.production)
    throw new Error(
      'EVIDENCE_MASTER_KEY is not set: evidence is encrypted at rest with it (docs/files.md "Evidence at rest")',
    );
  const dev = Buffer.from(hkdfSync('sha256', env.devSecret, 'safeplace-evidence', 'development master key', 32));
  return new EvidenceKeyring({ id: 'dev', key: dev }, old);
}

// ---------- the file format ----------

function nonce(prefix: Buffer, index: number, last: boolean): Buffer {
  const n = Buffer.alloc(12);
  prefix.copy(n, 0, 0, 7);
  n.writeUInt32BE(index, 7);
  n[11] = last ? 1 : 0;
  return n;
}

function sealChunk(key: Buffer, header: Buffer, index: number, last: boolean, plain: Buffer): Buffer {
  const cipher = createCipheriv('aes-256-gcm', key, nonce(header.subarray(9, 16), index, last));
  cipher.setAAD(header);
  return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

function openChunk(key: Buffer, header: Buffer, index: number, last: boolean, sealed: Buffer): Buffer {
  if (sealed.length < TAG_BYTES) throw new EvidenceAuthError();
  const decipher = createDecipheriv('aes-256-gcm', key, nonce(header.subarray(9, 16), index, last));
  decipher.setAAD(header);
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new EvidenceAuthError();
  }
}

/** The stored size of a plaintext of `plain` bytes. */
export function sealedSize(plain: number, chunkBytes = CHUNK_BYTES): number {
  return HEADER_BYTES + plain + TAG_BYTES * Math.max(1, Math.ceil(plain / chunkBytes));
}

/** The plaintext size of a stored file of `sealed` bytes (null when no file of this format has that size). */
export function plainSize(sealed: number, chunkBytes = CHUNK_BYTES): number | null {
  const body = sealed - HEADER_BYTES;
  if (body < TAG_BYTES) return null;
  const chunks = Math.max(1, Math.ceil(body / (chunkBytes + TAG_BYTES)));
  const plain = body - chunks * TAG_BYTES;
  return plain >= 0 && sealedSize(plain, chunkBytes) === sealed ? plain : null;
}

/** Encrypts a stream as it comes, holding at most one chunk: the pieces of the stored file. */
export async function* encryptStream(
  key: Buffer,
  pieces: AsyncIterable<Uint8Array>,
  chunkBytes = CHUNK_BYTES,
): AsyncGenerator<Buffer> {
  const header = Buffer.alloc(HEADER_BYTES);
  MAGIC.copy(header, 0);
  header[4] = VERSION;
  header.writeUInt32BE(chunkBytes, 5);
  randomBytes(7).copy(header, 9);
  yield header;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let index = 0;
  for await (const piece of pieces) {
    pending.push(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength));
    pendingBytes += piece.byteLength;
    // A full chunk is sealed as not-last only once a byte after it is known to exist.
    while (pendingBytes > chunkBytes) {
      const all = Buffer.concat(pending);
      yield sealChunk(key, header, index++, false, all.subarray(0, chunkBytes));
      pending = [all.subarray(chunkBytes)];
      pendingBytes = all.length - chunkBytes;
    }
  }
  yield sealChunk(key, header, index, true, Buffer.concat(pending));
}

/**
 * Decrypts a stored file as it is read, one chunk at a time; a chunk is released only once its tag is checked, and
 * a file cut short, extended or edited throws EvidenceAuthError. Serving code that must not send any plaintext of a
 * file that fails later runs `verifyStream` over the whole file first.
 */
export async function* decryptStream(key: Buffer, pieces: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  let buffered = Buffer.alloc(0);
  let header: Buffer | null = null;
  let sealedChunk = 0;
  let index = 0;
  for await (const piece of pieces) {
    buffered = buffered.length ? Buffer.concat([buffered, piece]) : Buffer.from(piece);
    if (!header) {
      if (buffered.length < HEADER_BYTES) continue;
      header = Buffer.from(buffered.subarray(0, HEADER_BYTES));
      if (!header.subarray(0, 4).equals(MAGIC) || header[4] !== VERSION)
        throw new EvidenceAuthError('Not an encrypted evidence file');
      const chunkBytes = header.readUInt32BE(5);
      if (chunkBytes < 1 || chunkBytes > 16 * 1024 * 1024)
        throw new EvidenceAuthError('Not an encrypted evidence file');
      sealedChunk = chunkBytes + TAG_BYTES;
      buffered = buffered.subarray(HEADER_BYTES);
    }
    while (buffered.length > sealedChunk) {
      yield openChunk(key, header, index++, false, buffered.subarray(0, sealedChunk));
      buffered = buffered.subarray(sealedChunk);
    }
  }
  if (!header) throw new EvidenceAuthError('The evidence file is cut short');
  yield openChunk(key, header, index, true, buffered);
}

/** Reads the whole stored file and checks every chunk, releasing nothing: resolves with the plaintext size. */
export async function verifyStream(key: Buffer, pieces: AsyncIterable<Uint8Array>): Promise<number> {
  let size = 0;
  for await (const plain of decryptStream(key, pieces)) size += plain.length;
  return size;
}

/** The plaintext's first bytes (at most one chunk), from the stored file's first chunk alone. */
export function decryptHead(key: Buffer, sealedStart: Uint8Array, sealedTotal: number): Buffer {
  const buf = Buffer.from(sealedStart);
  const header = buf.subarray(0, HEADER_BYTES);
  if (buf.length < HEADER_BYTES + TAG_BYTES || !header.subarray(0, 4).equals(MAGIC))
    throw new EvidenceAuthError('Not an encrypted evidence file');
  const sealedChunk = header.readUInt32BE(5) + TAG_BYTES;
  const last = sealedTotal - HEADER_BYTES <= sealedChunk;
  return openChunk(
    key,
    Buffer.from(header),
    0,
    last,
    buf.subarray(HEADER_BYTES, HEADER_BYTES + Math.min(sealedChunk, sealedTotal - HEADER_BYTES)),
  );
}

// ---------- the file's name ----------

/**
 * An evidence file's display name sealed with the file's own data key (AES-256-GCM, the file id authenticated): the
 * database holds no name in clear, and the name goes when the key does. base64 of iv (12) ‖ tag (16) ‖ name.
 */
export function sealName(dataKey: Buffer, name: string, fileId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', dataKey, iv);
  cipher.setAAD(Buffer.from(`evidence-name:${fileId}`));
  const body = Buffer.concat([cipher.update(name, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function openName(dataKey: Buffer, sealed: string, fileId: string): string {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', dataKey, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(`evidence-name:${fileId}`));
  decipher.setAuthTag(raw.subarray(12, 28));
  try {
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    throw new EvidenceAuthError('The evidence file name failed its integrity check');
  }
}
