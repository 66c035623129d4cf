// Makes the PGlite data-folder template of the installed PGlite version, unless it exists (server/platform/db/
// pglite-template.ts): run by `npm run build` and before `npm start`, in a process of its own so that `initdb`'s
// memory is returned when it exits. Prints the file and this process's peak resident size.
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { makePgliteTemplate } from '../server/platform/db/pglite-template';

const { file, made } = await makePgliteTemplate(async () => {
  const pg = await PGlite.create();
  try {
    return await pg.dumpDataDir('gzip');
  } finally {
    await pg.close();
  }
});
const peakMb = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;
console.log(`pglite template: ${file} ${made ? `made (peak RSS ${peakMb.toFixed(0)} MB)` : 'already made'}`);
