import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { S3FileUrls } from '../../../server/platform/s3-file-urls';

/** An S3-compatible store for a test: s3rver on a free port over a folder of its own, with one bucket. */
export interface TestS3 {
  /** The server's S3 file port over the store (pass it as `fileUrls` to `startTestServer`). */
  urls: S3FileUrls;
  endpoint: string;
  /** The folder s3rver keeps the bucket in: an object is `<directory>/<bucket>/<key>._S3rver_object`. */
  directory: string;
  /** Closes the port, stops s3rver and removes its folder. */
  close(): Promise<void>;
}

export async function startTestS3(bucket: string): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'safeplace-s3-'));
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await s3.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const urls = new S3FileUrls({
    url: endpoint,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    pathStyle: true,
  });
  return {
    urls,
    endpoint,
    directory,
    async close() {
      urls.close();
      await s3.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
