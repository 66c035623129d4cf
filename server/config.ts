import path from 'node:path';
import { readOidcSettings, type OidcProviderSettings } from './main/auth/oidc-providers';

export interface ServerConfig {
  port: number;
  host: string;
  mainHost: string;
  dataDir: string;
  databaseUrl?: string;
  webRoot: string;
  maxUploadBytes: number;
  seed: boolean;
  outboxPage: boolean;
  /** Mail over SMTP when set; else the outbox. */
  smtp?: { url: string; from: string };
  /** SMS through an HTTP gateway when set; else the outbox. */
  smsGateway?: { url: string; token?: string };
  /** Google and Microsoft sign-in (`OIDC_GOOGLE_*`, `OIDC_MICROSOFT_*`). */
  oidc: OidcProviderSettings[];
  /** The background import: rows per batch (`IMPORT_BATCH_SIZE`), and when a silent job counts as interrupted (`IMPORT_STALE_SECONDS`). */
  imports: { batchSize?: number; staleAfterMs?: number };
}

/** Every default can be changed by the environment; README lists the variables. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`PORT must be a port number, not "${env.PORT}"`);
  if (env.SMTP_URL && !/^smtps?:\/\//.test(env.SMTP_URL)) throw new Error('SMTP_URL must start with smtp:// or smtps://');
  if (env.SMTP_URL && !env.MAIL_FROM) throw new Error('MAIL_FROM is needed with SMTP_URL (e.g. "SafePlace <no-reply@example.com>")');
  if (env.SMS_GATEWAY_URL && !/^https?:\/\//.test(env.SMS_GATEWAY_URL)) throw new Error('SMS_GATEWAY_URL must be an http(s) URL');
  return {
    port,
    host: env.HOST ?? '::',
    mainHost: (env.MAIN_HOST ?? 'localhost').toLowerCase(),
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    webRoot: path.resolve(env.WEB_ROOT ?? 'dist'),
    maxUploadBytes: Number(env.MAX_UPLOAD_BYTES ?? 20 * 1024 * 1024),
    seed: env.SEED !== '0',
    // Mail and SMS go to the outbox until a transport is configured; its page is off in production, and whenever
    // real mail or SMS is configured (a real server), whatever OUTBOX_PAGE says.
    outboxPage: (env.OUTBOX_PAGE ? env.OUTBOX_PAGE === '1' : env.NODE_ENV !== 'production') && !env.SMTP_URL && !env.SMS_GATEWAY_URL,
    smtp: env.SMTP_URL ? { url: env.SMTP_URL, from: env.MAIL_FROM! } : undefined,
    smsGateway: env.SMS_GATEWAY_URL ? { url: env.SMS_GATEWAY_URL, token: env.SMS_GATEWAY_TOKEN || undefined } : undefined,
    oidc: readOidcSettings(env),
    imports: {
      batchSize: positive(env, 'IMPORT_BATCH_SIZE'),
      staleAfterMs: env.IMPORT_STALE_SECONDS ? positive(env, 'IMPORT_STALE_SECONDS')! * 1000 : undefined,
    },
  };
}

function positive(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const text = env[name];
  if (!text) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, not "${text}"`);
  return value;
}
