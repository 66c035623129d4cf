import path from 'node:path';
import { loadEvidenceKeyring } from './evidence-crypto';
import { EvidenceVault } from './evidence-vault';
import type { S3Settings } from './s3-file-urls';
import { EmbeddedFileUrls, type DirectFileUrls } from './signed-files';
import { loadUrlSecret, UrlSigner } from './signed-urls';

export interface FileStores {
  /** The secret that signs upload and download URLs (FILE_URL_SECRET, or `<dataDir>/file-url.key`). */
  urlSecret: Uint8Array;
  fileUrls: DirectFileUrls;
  /** Evidence encrypted at rest over `fileUrls` (docs/files.md "Evidence at rest"). */
  evidence: EvidenceVault;
}

/**
 * The stored files of a data folder, as the server opens them: files under `<dataDir>/files` (or S3), signed with the
 * URL secret, and the evidence vault with its master keys (EVIDENCE_MASTER_KEY, required in production; otherwise a
 * development key derived from the URL secret). `npm start`, the backup drill and the restore check open them alike.
 */
export async function openFileStores(options: {
  dataDir: string;
  s3?: S3Settings;
  env?: NodeJS.ProcessEnv;
}): Promise<FileStores> {
  const env = options.env ?? process.env;
  const urlSecret = await loadUrlSecret(options.dataDir, env.FILE_URL_SECRET);
  // The AWS SDK (about 13 MB of a process's memory) is loaded only when an S3 store is configured.
  const fileUrls = options.s3
    ? new (await import('./s3-file-urls')).S3FileUrls(options.s3)
    : new EmbeddedFileUrls(path.join(options.dataDir, 'files'), new UrlSigner(urlSecret));
  const evidence = new EvidenceVault(
    fileUrls,
    loadEvidenceKeyring({
      current: env.EVIDENCE_MASTER_KEY,
      old: env.EVIDENCE_OLD_MASTER_KEYS,
      production: env.NODE_ENV === 'production',
      devSecret: urlSecret,
    }),
    new UrlSigner(urlSecret),
  );
  return { urlSecret, fileUrls, evidence };
}
