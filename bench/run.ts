// `npm run bench`: each benchmark prints our figure beside its reference, measured in the same run.
import { existsSync } from 'node:fs';
import { benchBundle } from './bundle.bench';

const only = process.argv[2];

if (!only || only === 'bundle') await benchBundle();
const importBench = new URL('./import.bench.ts', import.meta.url);
if ((!only || only === 'import') && existsSync(importBench)) {
  const { benchImport } = (await import(importBench.href)) as { benchImport: () => Promise<void> };
  await benchImport();
}
if (!only || only === 'directory') {
  const { benchDirectory } = await import('./directory.bench');
  await benchDirectory();
}
// The crash drill is not part of a plain `npm run bench` (it kills and restarts a server five times): `npm run bench crash`.
if (only === 'crash') {
  const { crashDrill } = await import('./crash-drill');
  await crashDrill();
}
