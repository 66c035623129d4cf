import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../server/config';
import { DEFAULT_UPLOAD_LIMITS } from '../../../src/domain/files/uploads';

describe('course file settings', () => {
  it('keeps files under DATA_DIR with the default limits unless told otherwise', () => {
    const config = readConfig({});
    expect(config.s3).toBeUndefined();
    expect(config.uploadLimits).toEqual(DEFAULT_UPLOAD_LIMITS);
    expect(readConfig({ MAX_VIDEO_BYTES: '1048576' }).uploadLimits).toEqual({
      ...DEFAULT_UPLOAD_LIMITS,
      VIDEO: 1048576,
    });
    expect(() => readConfig({ MAX_IMAGE_BYTES: '10MB' })).toThrow(
      'MAX_IMAGE_BYTES must be a positive whole number, not "10MB"',
    );
  });

  it('switches to an S3-compatible store with S3_URL, and says which setting is missing', () => {
    const s3 = {
      S3_URL: 'http://minio.internal:9000/',
      S3_BUCKET: 'course-files',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(readConfig(s3).s3).toEqual({
      url: 'http://minio.internal:9000',
      bucket: 'course-files',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      pathStyle: true,
    });
    expect(readConfig({ ...s3, S3_REGION: 'ap-south-1', S3_PATH_STYLE: '0' }).s3).toMatchObject({
      region: 'ap-south-1',
      pathStyle: false,
    });
    expect(() => readConfig({ ...s3, S3_BUCKET: '' })).toThrow('S3_BUCKET is needed with S3_URL');
    expect(() => readConfig({ ...s3, S3_URL: 's3://course-files' })).toThrow(/S3_URL must be a store's address/);
  });
});
