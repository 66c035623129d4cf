import path from 'node:path';

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
}

/** Every default can be changed by the environment; README lists the variables. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`PORT must be a port number, not "${env.PORT}"`);
  return {
    port,
    host: env.HOST ?? '::',
    mainHost: (env.MAIN_HOST ?? 'localhost').toLowerCase(),
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    webRoot: path.resolve(env.WEB_ROOT ?? 'dist'),
    maxUploadBytes: Number(env.MAX_UPLOAD_BYTES ?? 20 * 1024 * 1024),
    seed: env.SEED !== '0',
    // Mail and SMS go to the outbox until a transport is configured; its page is off in production.
    outboxPage: env.OUTBOX_PAGE ? env.OUTBOX_PAGE === '1' : env.NODE_ENV !== 'production',
  };
}
