// `npm run backup -- <folder>`: a backup of the data place that README's settings name (DATA_DIR, DATABASE_URL, S3_URL).
import { readConfig } from '../../config';
import { createBackup } from './backup';

const target = process.argv[2];
if (!target) {
  console.error('Usage: npm run backup -- <new or empty folder>');
  process.exit(2);
}
const config = readConfig();
try {
  const manifest = await createBackup(
    { dataDir: config.dataDir, databaseUrl: config.databaseUrl, s3: Boolean(config.s3) },
    target,
    (line) => console.log(line),
  );
  console.log(`Backup written to ${target} (${manifest.database}, migration ${manifest.migration ?? 'none'}).`);
  if (manifest.files === 's3')
    console.log('Stored files stay in the S3 bucket: back it up with the store’s own versioning or replication.');
  if (process.env.EVIDENCE_MASTER_KEY || process.env.FILE_URL_SECRET) {
    console.log(
      'EVIDENCE_MASTER_KEY / FILE_URL_SECRET come from the environment and are not in the backup: keep them with it.',
    );
  }
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
