// The memory bench's reference (bench/memory.bench.ts): PGlite alone, opened as the server opens it. `migrate <dir>`:
// a new folder and the server's migrations (the part of a first start no server code can remove); `open <dir>`: an
// existing folder and one query. Prints {"peak","idle"} in MB: the process's high-water mark, and its size after
// <seconds> of idling.
import { readFileSync } from 'node:fs';
import { migrate } from '../server/platform/db/migrate';
import { openPglite } from '../server/platform/db/pglite-database';

const [mode, dataDir, seconds] = process.argv.slice(2);
const field = (name: string) =>
  Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;

const db = await openPglite({ dataDir });
if (mode === 'migrate') await migrate(db);
await db.query('SELECT 1');
const peak = field('VmHWM');
await new Promise((resolve) => setTimeout(resolve, Number(seconds) * 1000));
const idle = field('VmRSS');
await db.close();
console.log(JSON.stringify({ peak, idle }));
