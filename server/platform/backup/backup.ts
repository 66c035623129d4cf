import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, copyFile, cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { TENANT_ROLE } from '../db/database';
import { systemClock } from '../clock';

const run = promisify(execFile);

/** What a backup folder holds (`manifest.json`), so that a restore knows what it restores and checks it is whole. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  /** `pglite`: `database.tar.gz`, PGlite's own dump of its data folder; `postgres`: `database.dump` (pg_dump, custom format). */
  database: 'pglite' | 'postgres';
  /** `folder`: the stored files are in `files/`; `s3`: they stay in the bucket (not copied: docs/architecture.md "Backups"). */
  files: 'folder' | 's3';
  /** The key files of the data folder copied to `keys/` (file-url.key and any other `*.key`). */
  keys: string[];
  /** The newest migration of the backed-up database. */
  migration: string | null;
}

export interface DataPlace {
  /** The data folder (DATA_DIR): `pglite/`, `files/`, the key files. */
  dataDir: string;
  /** PostgreSQL instead of the embedded database. */
  databaseUrl?: string;
  /** Files in S3 instead of `<dataDir>/files`. */
  s3?: boolean;
}

const PID_FILE = 'server.pid';
const MANIFEST = 'manifest.json';

/**
 * Marks the data folder as held by a running server (main.ts, embedded database only): PGlite belongs to one process,
 * so a backup or a restore must not open it meanwhile. Resolves with the release, called at shutdown.
 */
export async function holdDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, PID_FILE);
  await writeFile(file, String(process.pid));
  return () => rm(file, { force: true });
}

/** The pid of a live server holding the folder, if any (a pid file left by a killed server does not count). */
function serverHolding(dataDir: string): number | null {
  const file = path.join(dataDir, PID_FILE);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

async function emptyOrMissing(dir: string): Promise<boolean> {
  return !existsSync(dir) || (await readdir(dir)).length === 0;
}

/** A PostgreSQL client program (pg_dump, pg_restore): on PATH, else the newest of Debian's server packages. */
async function pgTool(name: string): Promise<string> {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = (await readdir(root))
      .filter((v) => existsSync(path.join(root, v, 'bin', name)))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(root, versions[0], 'bin', name);
  }
  return name;
}

/**
 * Writes a backup of a data place into `target` (a new or empty folder): the database as a consistent snapshot, the
 * stored files and the key files. On PGlite the server must be stopped (one process owns the embedded database; a
 * copy of a live folder is not consistent); on PostgreSQL it runs live (pg_dump reads one snapshot).
 */
export async function createBackup(
  source: DataPlace,
  target: string,
  log: (line: string) => void = () => {},
): Promise<BackupManifest> {
  if (!(await emptyOrMissing(target)))
    throw new Error(`The backup folder ${target} is not empty: give a new or empty folder`);
  await mkdir(target, { recursive: true });
  let migration: string | null;
  if (source.databaseUrl) {
    // The database first, then the files: a file deleted in between is kept (harmless); a row written in between is
    // not in the dump, so no row of the backup points at a file written after it.
    await run(await pgTool('pg_dump'), [
      '--format=custom',
      '--no-owner',
      `--file=${path.join(target, 'database.dump')}`,
      source.databaseUrl,
    ]);
    const client = new pg.Client({ connectionString: source.databaseUrl });
    await client.connect();
    try {
      migration =
        (await client.query<{ name: string }>(`SELECT max(name) AS name FROM schema_migrations`)).rows[0]?.name ?? null;
    } finally {
      await client.end();
    }
    log(`database: pg_dump of ${new URL(source.databaseUrl).pathname.slice(1)}`);
  } else {
    const held = serverHolding(source.dataDir);
    if (held)
      throw new Error(
        `A server (pid ${held}) is running on ${source.dataDir}: stop it first (the embedded database belongs to one process)`,
      );
    const folder = path.join(source.dataDir, 'pglite');
    if (!existsSync(folder)) throw new Error(`No embedded database in ${source.dataDir} (expected ${folder})`);
    const db = await PGlite.create({ dataDir: folder });
    try {
      migration =
        (await db.query<{ name: string }>(`SELECT max(name) AS name FROM schema_migrations`)).rows[0]?.name ?? null;
      const dump = await db.dumpDataDir('gzip');
      await writeFile(path.join(target, 'database.tar.gz'), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await db.close();
    }
    log(`database: snapshot of ${folder}`);
  }
  const filesDir = path.join(source.dataDir, 'files');
  if (!source.s3 && existsSync(filesDir)) {
    // An upload in progress (`*.part`) is not a stored file.
    await cp(filesDir, path.join(target, 'files'), { recursive: true, filter: (from) => !from.endsWith('.part') });
    log(`files: copied ${filesDir}`);
  }
  const keys = existsSync(source.dataDir)
    ? (await readdir(source.dataDir)).filter((name) => name.endsWith('.key'))
    : [];
  if (keys.length) {
    await mkdir(path.join(target, 'keys'), { mode: 0o700 });
    for (const name of keys) {
      await copyFile(path.join(source.dataDir, name), path.join(target, 'keys', name));
      await chmod(path.join(target, 'keys', name), 0o600);
    }
    log(`keys: ${keys.join(', ')} (keep this backup as secret as the data itself)`);
  }
  const manifest: BackupManifest = {
    format: 1,
    createdAt: systemClock.now().toISOString(),
    database: source.databaseUrl ? 'postgres' : 'pglite',
    files: source.s3 ? 's3' : 'folder',
    keys,
    migration,
  };
  await writeFile(path.join(target, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

export async function readManifest(from: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(from, MANIFEST), 'utf8'));
  } catch {
    throw new Error(`${from} is not a backup (no readable ${MANIFEST})`);
  }
  if (manifest.format !== 1) throw new Error(`${from}: unknown backup format ${String(manifest.format)}`);
  const dump = manifest.database === 'postgres' ? 'database.dump' : 'database.tar.gz';
  if (!existsSync(path.join(from, dump))) throw new Error(`${from} is incomplete: ${dump} is missing`);
  for (const key of manifest.keys)
    if (!existsSync(path.join(from, 'keys', key))) throw new Error(`${from} is incomplete: keys/${key} is missing`);
  return manifest;
}

/**
 * Restores a backup into a new data place: an empty data folder, and on PostgreSQL an empty database. The database,
 * the files and the key files come back as they were; migrations newer than the backup are applied by the next start.
 */
export async function restoreBackup(
  from: string,
  target: DataPlace,
  log: (line: string) => void = () => {},
): Promise<BackupManifest> {
  const manifest = await readManifest(from);
  if ((manifest.database === 'postgres') !== Boolean(target.databaseUrl)) {
    throw new Error(
      manifest.database === 'postgres'
        ? 'This backup is of a PostgreSQL database: set DATABASE_URL to an empty database to restore it into'
        : 'This backup is of the embedded database: unset DATABASE_URL to restore it into DATA_DIR',
    );
  }
  const held = serverHolding(target.dataDir);
  if (held) throw new Error(`A server (pid ${held}) is running on ${target.dataDir}: stop it first`);
  for (const part of ['pglite', 'files']) {
    if (!(await emptyOrMissing(path.join(target.dataDir, part)))) {
      throw new Error(
        `${path.join(target.dataDir, part)} is not empty: restore into a new data folder (nothing was changed)`,
      );
    }
  }
  for (const key of manifest.keys) {
    if (existsSync(path.join(target.dataDir, key)))
      throw new Error(`${path.join(target.dataDir, key)} exists: restore into a new data folder (nothing was changed)`);
  }
  await mkdir(target.dataDir, { recursive: true });

  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      const [{ tables }] = (
        await client.query<{ tables: string }>(
          `SELECT count(*)::text AS tables FROM pg_tables WHERE schemaname = 'public'`,
        )
      ).rows;
      if (Number(tables) > 0)
        throw new Error(
          `The database of DATABASE_URL is not empty (${tables} tables): restore into an empty database (nothing was changed)`,
        );
      // The row-level-security policies name the tenant role, which lives in the cluster, not in the dump.
      await client.query(`DO $$ BEGIN
        IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${TENANT_ROLE}') THEN CREATE ROLE ${TENANT_ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS; END IF;
      END $$`);
    } finally {
      await client.end();
    }
    await run(await pgTool('pg_restore'), [
      '--no-owner',
      '--exit-on-error',
      `--dbname=${target.databaseUrl}`,
      path.join(from, 'database.dump'),
    ]);
    log('database: restored with pg_restore');
  } else {
    const dump = await readFile(path.join(from, 'database.tar.gz'));
    const db = await PGlite.create({
      dataDir: path.join(target.dataDir, 'pglite'),
      loadDataDir: new Blob([dump], { type: 'application/x-gzip' }),
    });
    await db.query('SELECT 1');
    await db.close();
    log(`database: restored into ${path.join(target.dataDir, 'pglite')}`);
  }
  if (manifest.files === 'folder' && existsSync(path.join(from, 'files'))) {
    await cp(path.join(from, 'files'), path.join(target.dataDir, 'files'), { recursive: true });
    log(`files: restored into ${path.join(target.dataDir, 'files')}`);
  }
  for (const key of manifest.keys) {
    await copyFile(path.join(from, 'keys', key), path.join(target.dataDir, key));
    await chmod(path.join(target.dataDir, key), 0o600);
  }
  if (manifest.keys.length) log(`keys: ${manifest.keys.join(', ')}`);
  return manifest;
}
