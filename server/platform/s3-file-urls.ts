import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { SNIFF_BYTES } from '../../src/domain/files/file-types';
import {
  contentDisposition,
  isKeyOf,
  nameOfKey,
  newFileKey,
  type DirectFileUrls,
  type UploadTicket,
} from './signed-files';
import { systemClock } from './clock';

/** `S3_URL` and its companions (README, settings). */
export interface S3Settings {
  /** The store's endpoint, e.g. `https://s3.eu-west-1.amazonaws.com` or `http://minio.internal:9000`. */
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (`<url>/<bucket>/<key>`), as most S3-compatible stores want; else `<bucket>.<host>`. */
  pathStyle: boolean;
}

/**
 * The same port as the embedded storage, over any S3-compatible store: the browser PUTs to and GETs from presigned
 * URLs of the store (AWS SDK v3), which serves byte ranges itself. The server only reads a file's size and first bytes
 * to confirm it, and deletes what it refuses.
 *
 * What the store does not do as the embedded storage does: it cannot stop an upload mid-stream at the limit (the PUT
 * is signed with the declared Content-Length, so a store that checks signed headers refuses any other length, and the
 * confirm call measures the stored object and deletes it when over), and it cannot add `X-Content-Type-Options`
 * (the download URL fixes Content-Type to the confirmed type and Content-Disposition instead).
 */
export class S3FileUrls implements DirectFileUrls {
  readonly origin: string;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      endpoint: settings.url,
      region: settings.region,
      forcePathStyle: settings.pathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Without this the SDK puts a checksum of an empty body into presigned PUT URLs, which a real upload then fails.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    const endpoint = new URL(settings.url);
    this.origin = settings.pathStyle ? endpoint.origin : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}`;
  }

  async uploadUrl(
    workspaceId: string,
    name: string,
    { maxBytes, seconds, size }: { maxBytes: number; seconds: number; size?: number },
  ): Promise<UploadTicket> {
    const key = newFileKey(workspaceId);
    const length = size !== undefined && size <= maxBytes ? size : undefined;
    const command = new PutObjectCommand({
      Bucket: this.settings.bucket,
      Key: key,
      ContentLength: length,
      ContentType: 'application/octet-stream',
    });
    const url = await getSignedUrl(this.client, command, {
      expiresIn: seconds,
      signableHeaders: new Set(length === undefined ? ['content-type'] : ['content-type', 'content-length']),
    });
    return {
      key,
      url,
      method: 'PUT',
      // The browser sets Content-Length itself; the type is fixed so the signature holds whatever the file is called.
      headers: { 'content-type': 'application/octet-stream' },
      expiresAt: new Date(systemClock.now().getTime() + seconds * 1000).toISOString(),
      maxBytes,
    };
  }

  async downloadUrl(
    workspaceId: string,
    key: string,
    {
      seconds,
      disposition,
      type,
      fileName,
    }: { seconds: number; disposition: 'inline' | 'attachment'; type?: string | null; fileName?: string },
  ): Promise<string> {
    if (!isKeyOf(workspaceId, key)) throw new Error(`Not a stored file of this workspace: ${key}`);
    const name = (fileName ?? nameOfKey(key)).replace(/[\r\n]/g, '_');
    const inline = disposition === 'inline' && !!type;
    const command = new GetObjectCommand({
      Bucket: this.settings.bucket,
      Key: key,
      ResponseContentType: inline ? type! : 'application/octet-stream',
      ResponseContentDisposition: contentDisposition(inline ? 'inline' : 'attachment', name),
      ResponseCacheControl: 'private, no-store',
    });
    return getSignedUrl(this.client, command, { expiresIn: seconds });
  }

  async stat(workspaceId: string, key: string): Promise<{ size: number } | null> {
    if (!isKeyOf(workspaceId, key)) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async readHead(workspaceId: string, key: string, bytes = SNIFF_BYTES): Promise<Uint8Array> {
    return this.readRange(workspaceId, key, 0, bytes);
  }

  async readRange(workspaceId: string, key: string, start: number, length: number): Promise<Uint8Array> {
    if (!isKeyOf(workspaceId, key) || length <= 0) return new Uint8Array();
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: key, Range: `bytes=${start}-${start + length - 1}` }),
      );
      return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
    } catch (error) {
      if (isMissing(error) || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416))
        return new Uint8Array();
      throw error;
    }
  }

  async store(workspaceId: string, name: string, bytes: Uint8Array): Promise<string> {
    const key = newFileKey(workspaceId);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: bytes,
        ContentType: 'application/octet-stream',
      }),
    );
    return key;
  }

  async writeStream(
    workspaceId: string,
    key: string,
    pieces: AsyncIterable<Uint8Array>,
    length: number,
  ): Promise<void> {
    if (!isKeyOf(workspaceId, key)) throw new Error(`Not a stored file of this workspace: ${key}`);
    // One PUT with the exact length, its body streamed from the pieces as the store reads them.
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: Readable.from(pieces),
        ContentLength: length,
        ContentType: 'application/octet-stream',
      }),
    );
  }

  async *readStream(workspaceId: string, key: string): AsyncIterable<Uint8Array> {
    if (!isKeyOf(workspaceId, key)) throw new Error(`Not a stored file of this workspace: ${key}`);
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
    if (!object.Body) return;
    yield* object.Body as unknown as AsyncIterable<Uint8Array>;
  }

  async remove(workspaceId: string, key: string): Promise<void> {
    if (!isKeyOf(workspaceId, key)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  close(): void {
    this.client.destroy();
  }
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
  );
}
