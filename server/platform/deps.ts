import type { Database } from './db/database';
import type { PasswordHasher } from './passwords';
import type { SessionRepository } from './sessions';
import type { SiteResolver } from './tenancy';
import type { FileStorage } from './file-storage';

export interface ServerSettings {
  /** The main (marketing) site's host name, without port. */
  mainHost: string;
  /** Largest accepted upload, in bytes. */
  maxUploadBytes: number;
}

/** What every API plugin is given: typed options, no global decorations. */
export interface ApiDeps {
  db: Database;
  sessions: SessionRepository;
  sites: SiteResolver;
  passwords: PasswordHasher;
  files: FileStorage;
  settings: ServerSettings;
}
