import path from 'node:path';
import { readOidcSettings, type OidcProviderSettings } from './main/auth/oidc-providers';
import { DEFAULT_UPLOAD_LIMITS, UploadPurpose, type UploadLimits } from '../src/domain/files/uploads';
import type { S3Settings } from './platform/s3-file-urls';

export interface ServerConfig {
  port: number;
  host: string;
  mainHost: string;
  /** The main site's public address; links in messages take its scheme and port (`PUBLIC_URL`). */
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  webRoot: string;
  maxUploadBytes: number;
  /** The largest course upload of each kind (`MAX_VIDEO_BYTES`, `MAX_IMAGE_BYTES`, ...). */
  uploadLimits: UploadLimits;
  /** Course files in an S3-compatible store (`S3_URL` and its companions); else under DATA_DIR. */
  s3?: S3Settings;
  /** The demo data on first start (`SEED`, default on); never in production (server/seed/first-start.ts). */
  seed: boolean;
  /** `NODE_ENV=production`: no demo data, and a server that finds a demo account refuses to start. */
  production: boolean;
  outboxPage: boolean;
  /** Mail over SMTP when set; else the outbox. */
  smtp?: { url: string; from: string };
  /** SMS through an HTTP gateway when set; else the outbox. */
  smsGateway?: { url: string; token?: string };
  /** Google and Microsoft sign-in (`OIDC_GOOGLE_*`, `OIDC_MICROSOFT_*`). */
  oidc: OidcProviderSettings[];
  /** The background import: rows per batch (`IMPORT_BATCH_SIZE`), and when a silent job counts as interrupted (`IMPORT_STALE_SECONDS`). */
  imports: { batchSize?: number; staleAfterMs?: number };
  /** Consecutive wrong one-time codes that lock an account (`CODE_LOCKOUT_AFTER`; absent: the domain's default, 100). */
  codeLockoutAfter?: number;
  /** Rendered course details kept in memory, in MiB (`COURSE_CACHE_MB`, default 32; 0 switches the cache off). */
  courseCacheBytes?: number;
  /** The longest a client may take to send a whole request, body included (`REQUEST_TIMEOUT_SECONDS`, default 600). */
  requestTimeoutMs?: number;
  /** `COMPLAINTS_PER_DAY`: complaints a member files a day (default 5, docs/case.md "Filing limits"). */
  complaintsPerDay?: number;
  /** `SALES_EMAIL`: where the public site's demo requests are mailed (default `sales@<MAIN_HOST>`). */
  salesEmail?: string;
  /**
   * `WEBHOOKS_ALLOW_PRIVATE=1`: webhook endpoints may be http://localhost or 127.0.0.1 and private addresses
   * (development only; refused with NODE_ENV=production). Default off: only HTTPS to public addresses.
   */
  webhooksAllowPrivate: boolean;
}

/** Every default can be changed by the environment; README lists the variables. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port <= 0 || port > 65535)
    throw new Error(`PORT must be a port number, not "${env.PORT}"`);
  if (env.NODE_ENV === 'production' && env.SEED === '1') {
    throw new Error(
      'SEED=1 cannot be used with NODE_ENV=production: production never creates the demo data or its accounts',
    );
  }
  if (env.NODE_ENV === 'production' && env.WEBHOOKS_ALLOW_PRIVATE === '1')
    throw new Error('WEBHOOKS_ALLOW_PRIVATE=1 cannot be used with NODE_ENV=production');
  if (env.SMTP_URL && !/^smtps?:\/\//.test(env.SMTP_URL))
    throw new Error('SMTP_URL must start with smtp:// or smtps://');
  if (env.SMTP_URL && !env.MAIL_FROM)
    throw new Error('MAIL_FROM is needed with SMTP_URL (e.g. "SafePlace <no-reply@example.com>")');
  if (env.SMS_GATEWAY_URL && !/^https?:\/\//.test(env.SMS_GATEWAY_URL))
    throw new Error('SMS_GATEWAY_URL must be an http(s) URL');
  const mainHost = (
    env.MAIN_HOST ?? (env.PUBLIC_URL && URL.canParse(env.PUBLIC_URL) ? new URL(env.PUBLIC_URL).hostname : 'localhost')
  ).toLowerCase();
  return {
    port,
    host: env.HOST ?? '::',
    mainHost,
    publicUrl: readPublicUrl(env.PUBLIC_URL, mainHost, port),
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    webRoot: path.resolve(env.WEB_ROOT ?? 'dist'),
    maxUploadBytes: Number(env.MAX_UPLOAD_BYTES ?? 20 * 1024 * 1024),
    uploadLimits: Object.fromEntries(
      UploadPurpose.options.map((purpose) => [
        purpose,
        positive(env, `MAX_${purpose}_BYTES`) ?? DEFAULT_UPLOAD_LIMITS[purpose],
      ]),
    ) as UploadLimits,
    s3: readS3Settings(env),
    seed: env.SEED !== '0' && env.NODE_ENV !== 'production',
    production: env.NODE_ENV === 'production',
    // Mail and SMS go to the outbox until a transport is configured; its page is off in production, and whenever
    // real mail or SMS is configured (a real server), whatever OUTBOX_PAGE says.
    outboxPage:
      (env.OUTBOX_PAGE ? env.OUTBOX_PAGE === '1' : env.NODE_ENV !== 'production') &&
      !env.SMTP_URL &&
      !env.SMS_GATEWAY_URL,
    smtp: env.SMTP_URL ? { url: env.SMTP_URL, from: env.MAIL_FROM! } : undefined,
    smsGateway: env.SMS_GATEWAY_URL
      ? { url: env.SMS_GATEWAY_URL, token: env.SMS_GATEWAY_TOKEN || undefined }
      : undefined,
    oidc: readOidcSettings(env),
    imports: {
      batchSize: positive(env, 'IMPORT_BATCH_SIZE'),
      staleAfterMs: env.IMPORT_STALE_SECONDS ? positive(env, 'IMPORT_STALE_SECONDS')! * 1000 : undefined,
    },
    codeLockoutAfter: positive(env, 'CODE_LOCKOUT_AFTER'),
    courseCacheBytes: readCacheMegabytes(env.COURSE_CACHE_MB),
    requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS ? positive(env, 'REQUEST_TIMEOUT_SECONDS')! * 1000 : undefined,
    complaintsPerDay: positive(env, 'COMPLAINTS_PER_DAY'),
    webhooksAllowPrivate: env.WEBHOOKS_ALLOW_PRIVATE === '1',
    salesEmail: env.SALES_EMAIL || undefined,
  };
}

/** `PUBLIC_URL` (scheme, the main host, optional port, nothing else), or `http://<MAIN_HOST>:<PORT>`. */
function readPublicUrl(text: string | undefined, mainHost: string, port: number): string {
  if (!text) return `http://${mainHost}${port === 80 ? '' : `:${port}`}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`PUBLIC_URL must be an address such as https://safeplace.example, not "${text}"`);
  }
  if (!/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.username) {
    throw new Error(
      `PUBLIC_URL must be a scheme, host and optional port only, such as https://safeplace.example, not "${text}"`,
    );
  }
  if (url.hostname !== mainHost) throw new Error(`PUBLIC_URL's host (${url.hostname}) must be MAIN_HOST (${mainHost})`);
  return url.origin;
}

/** `S3_URL` switches course files to an S3-compatible store; the bucket and keys are then required. */
function readS3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  if (!env.S3_URL) return undefined;
  if (!/^https?:\/\/[^/]+\/?$/.test(env.S3_URL))
    throw new Error(`S3_URL must be a store's address such as https://s3.eu-west-1.amazonaws.com, not "${env.S3_URL}"`);
  for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
    if (!env[name]) throw new Error(`${name} is needed with S3_URL`);
  }
  return {
    url: env.S3_URL.replace(/\/$/, ''),
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    pathStyle: env.S3_PATH_STYLE !== '0',
  };
}

function positive(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const text = env[name];
  if (!text) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, not "${text}"`);
  return value;
}

/** `COURSE_CACHE_MB`: a whole number of MiB, 0 for none; absent: the default. */
function readCacheMegabytes(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  const mb = Number(text);
  if (!Number.isInteger(mb) || mb < 0 || mb > 4096)
    throw new Error(`COURSE_CACHE_MB must be a whole number of MiB from 0 to 4096, not "${text}"`);
  return mb * 1024 * 1024;
}
