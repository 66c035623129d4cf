import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { systemClock } from './clock';

/**
 * Signed, expiring URLs for the embedded file storage: whoever holds one may do exactly one thing (PUT one key, with at
 * most so many bytes, or GET it) until it expires, and nothing else. The signature is an HMAC-SHA256 over the method,
 * the path, the expiry and the size limit, so changing any of them, or using a GET URL to PUT, fails.
 */

export type SignedMethod = 'GET' | 'PUT';

export interface SignedRequest {
  method: SignedMethod;
  /** The URL's path, e.g. `/files/<workspace>/<key>`. */
  path: string;
  /** Seconds since the epoch. */
  expires: number;
  /** PUT only: the most bytes the upload may have. */
  maxBytes?: number;
  /** GET only: how the browser should treat it ("attachment" for evidence: never shown in the page). */
  disposition?: 'inline' | 'attachment';
}

export type Verdict = 'ok' | 'expired' | 'bad-signature';

export class UrlSigner {
  constructor(
    private readonly secret: Uint8Array,
    private readonly now: () => number = () => systemClock.now().getTime(),
  ) {
    if (secret.length < 32) throw new Error('The URL signing secret must be at least 32 bytes');
  }

  /** The query string (without `?`) that makes `request` a signed URL. */
  sign(request: SignedRequest): string {
    const query = new URLSearchParams({ expires: String(request.expires) });
    if (request.maxBytes !== undefined) query.set('max', String(request.maxBytes));
    if (request.disposition) query.set('disposition', request.disposition);
    query.set('signature', this.mac(request));
    return query.toString();
  }

  /** A URL for `path` valid for `seconds` from now. */
  url(
    method: SignedMethod,
    urlPath: string,
    seconds: number,
    extra: Pick<SignedRequest, 'maxBytes' | 'disposition'> = {},
  ): string {
    const expires = Math.floor(this.now() / 1000) + seconds;
    return `${urlPath}?${this.sign({ method, path: urlPath, expires, ...extra })}`;
  }

  /** Checks a request against its query; reads the limits only from a verified query. */
  verify(
    method: string,
    urlPath: string,
    query: Record<string, unknown>,
  ): { verdict: Verdict; request?: SignedRequest } {
    const expires = Number(query.expires);
    const maxBytes = query.max === undefined ? undefined : Number(query.max);
    const disposition =
      query.disposition === 'inline' || query.disposition === 'attachment' ? query.disposition : undefined;
    const signature = typeof query.signature === 'string' ? query.signature : '';
    if ((method !== 'GET' && method !== 'PUT' && method !== 'HEAD') || !Number.isInteger(expires))
      return { verdict: 'bad-signature' };
    if (query.disposition !== undefined && !disposition) return { verdict: 'bad-signature' };
    if (maxBytes !== undefined && !Number.isInteger(maxBytes)) return { verdict: 'bad-signature' };
    // HEAD is a GET without the body: a download URL answers both.
    const request: SignedRequest = {
      method: method === 'HEAD' ? 'GET' : method,
      path: urlPath,
      expires,
      maxBytes,
      disposition,
    };
    const expected = Buffer.from(this.mac(request));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { verdict: 'bad-signature' };
    if (expires * 1000 < this.now()) return { verdict: 'expired' };
    return { verdict: 'ok', request };
  }

  private mac(request: SignedRequest): string {
    const text = [
      request.method,
      request.path,
      request.expires,
      request.maxBytes ?? '',
      request.disposition ?? '',
    ].join('\n');
    return createHmac('sha256', this.secret).update(text).digest('base64url');
  }
}

/**
 * The signing secret: `FILE_URL_SECRET` (hex or base64, at least 32 bytes) when set, as every process of a deployment
 * must share it; otherwise one made on first start and kept in the data folder, readable by this user only.
 */
export function loadUrlSecret(dataDir: string, configured?: string): Promise<Uint8Array> {
  return loadSecret(dataDir, 'file-url.key', 'FILE_URL_SECRET', configured);
}

/**
 * A server secret: the setting `name` (hex or base64, at least 32 bytes) when set, which processes on several machines
 * must share; otherwise 32 random bytes made on first start in `DATA_DIR/<file>` (mode 0600), which processes sharing
 * the data folder share. Never in the database.
 */
export async function loadSecret(
  dataDir: string,
  fileName: string,
  name: string,
  configured?: string,
): Promise<Uint8Array> {
  if (configured) {
    const bytes = /^[0-9a-f]+$/i.test(configured) ? Buffer.from(configured, 'hex') : Buffer.from(configured, 'base64');
    if (bytes.length < 32) throw new Error(`${name} must be at least 32 bytes (64 hex digits)`);
    return bytes;
  }
  const file = path.join(dataDir, fileName);
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32);
  await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(async (error: { code?: string }) => {
    if (error.code !== 'EEXIST') throw error;
  });
  await chmod(file, 0o600);
  return readFile(file);
}
