// `npm run restore -- <folder>`: restores a backup into the data place that README's settings name (a new DATA_DIR,
// and with DATABASE_URL an empty database).
import { readConfig } from '../../config';
import { restoreBackup } from './backup';

const from = process.argv[2];
if (!from) {
  console.error(
    'Usage: npm run restore -- <backup folder>   (into DATA_DIR, and DATABASE_URL when set; both must be new or empty)',
  );
  process.exit(2);
}
const config = readConfig();
try {
  const manifest = await restoreBackup(
    from,
    { dataDir: config.dataDir, databaseUrl: config.databaseUrl, s3: Boolean(config.s3) },
    (line) => console.log(line),
  );
  console.log(
    `Restored the backup of ${manifest.createdAt} (${manifest.database}, migration ${manifest.migration ?? 'none'}). Start the server as usual.`,
  );
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
