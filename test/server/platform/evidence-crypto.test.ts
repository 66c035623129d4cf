import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decryptHead,
  decryptStream,
  encryptStream,
  EvidenceAuthError,
  EvidenceKeyring,
  loadEvidenceKeyring,
  parseMasterKey,
  plainSize,
  sealedSize,
  unwrapKey,
  verifyStream,
  wrapKey,
} from '../../../server/platform/evidence-crypto';

async function* pieces(bytes: Buffer, size = 7): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}
const collect = async (it: AsyncIterable<Uint8Array>) => {
  const out: Buffer[] = [];
  for await (const p of it) out.push(Buffer.from(p));
  return Buffer.concat(out);
};
const CHUNK = 32;

describe('evidence encryption at rest (chunked AES-256-GCM, wrapped data keys)', () => {
  const key = randomBytes(32);

  it.each([0, 1, 31, 32, 33, 64, 100])('round-trips %i bytes, the stored size known in advance', async (n) => {
    const plain = randomBytes(n);
    const sealed = await collect(encryptStream(key, pieces(plain), CHUNK));
    expect(sealed.length).toBe(sealedSize(n, CHUNK));
    expect(plainSize(sealed.length, CHUNK)).toBe(n);
    expect(await collect(decryptStream(key, pieces(sealed, 13)))).toEqual(plain);
    expect(await verifyStream(key, pieces(sealed))).toBe(n);
    expect(decryptHead(key, sealed.subarray(0, 16 + CHUNK + 16), sealed.length)).toEqual(plain.subarray(0, CHUNK));
  });

  it('stores no plaintext, and a different nonce each time', async () => {
    const plain = Buffer.from('The witness is Wanda. '.repeat(10));
    const a = await collect(encryptStream(key, pieces(plain), CHUNK));
    const b = await collect(encryptStream(key, pieces(plain), CHUNK));
    expect(a.includes(Buffer.from('Wanda'))).toBe(false);
    expect(a.equals(b)).toBe(false);
  });

  it('fails authentication when a byte is changed, a chunk dropped, moved or cut, or the wrong key is used', async () => {
    const plain = randomBytes(100);
    const sealed = await collect(encryptStream(key, pieces(plain), CHUNK));
    const body = 16;
    const chunk = CHUNK + 16;
    const flipped = Buffer.from(sealed);
    flipped[flipped.length - 20] ^= 1;
    const dropped = Buffer.concat([sealed.subarray(0, body), sealed.subarray(body + chunk)]);
    const swapped = Buffer.concat([
      sealed.subarray(0, body),
      sealed.subarray(body + chunk, body + 2 * chunk),
      sealed.subarray(body, body + chunk),
      sealed.subarray(body + 2 * chunk),
    ]);
    const cut = sealed.subarray(0, body + 2 * chunk);
    const header = Buffer.from(sealed);
    header[12] ^= 1;
    for (const bad of [flipped, dropped, swapped, cut, header]) {
      await expect(verifyStream(key, pieces(bad))).rejects.toBeInstanceOf(EvidenceAuthError);
    }
    await expect(verifyStream(randomBytes(32), pieces(sealed))).rejects.toBeInstanceOf(EvidenceAuthError);
  });

  it('wraps a data key under the current master key and unwraps it under any configured one, bound to its file', () => {
    const one = parseMasterKey(`k1:${randomBytes(32).toString('hex')}`, 'EVIDENCE_MASTER_KEY');
    const two = parseMasterKey(`k2:${randomBytes(32).toString('base64')}`, 'EVIDENCE_MASTER_KEY');
    const data = randomBytes(32);
    const w = wrapKey(new EvidenceKeyring(one), data, 'file-1');
    expect(w.keyId).toBe('k1');
    const rotated = new EvidenceKeyring(two, [one]);
    expect(unwrapKey(rotated, w, 'file-1')).toEqual(data);
    const again = wrapKey(rotated, unwrapKey(rotated, w, 'file-1'), 'file-1');
    expect(again.keyId).toBe('k2');
    expect(unwrapKey(new EvidenceKeyring(two), again, 'file-1')).toEqual(data);
    expect(() => unwrapKey(rotated, w, 'file-2')).toThrow(EvidenceAuthError);
    expect(() => unwrapKey(new EvidenceKeyring(two), w, 'file-1')).toThrow(/k1 is not configured/);
  });

  it('reads the master keys from configuration; derives a development key; refuses production without one', () => {
    const secret = randomBytes(32);
    const dev = loadEvidenceKeyring({ production: false, devSecret: secret });
    expect(dev.current.id).toBe('dev');
    expect(loadEvidenceKeyring({ production: false, devSecret: secret }).current.key).toEqual(dev.current.key);
    expect(() => loadEvidenceKeyring({ production: true, devSecret: secret })).toThrow(
      /EVIDENCE_MASTER_KEY is not set/,
    );
    const ring = loadEvidenceKeyring({
      current: `new:${'a'.repeat(64)}`,
      old: `old:${'b'.repeat(64)}, older:${'c'.repeat(64)}`,
      production: true,
      devSecret: secret,
    });
    expect(ring.current.id).toBe('new');
    expect(ring.ids.sort()).toEqual(['new', 'old', 'older']);
    expect(() => parseMasterKey('nokey', 'EVIDENCE_MASTER_KEY')).toThrow(/<id>:<key>/);
    expect(() => parseMasterKey('k:abcd', 'EVIDENCE_MASTER_KEY')).toThrow(/32 bytes/);
  });
});
