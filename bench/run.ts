// `npm run bench`: each benchmark prints our figure beside its reference, measured in the same run.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { benchAutoAssign } from './auto-assign.bench';
import { benchBundle } from './bundle.bench';
import { benchCourses } from './courses.bench';
import { benchImport } from './import.bench';
import { benchImportFreeze } from './import-freeze.bench';
import { benchReports } from './reports.bench';
import { benchScim } from './scim.bench';
import { benchUpload } from './upload.bench';
import { benchPublicSite } from './public-site.bench';
import { benchZipBomb } from './zip-bomb.bench';
import { benchMemory } from './memory.bench';
import { benchSigninThroughput } from './signin-throughput.bench';
import { START_FLAGS } from './server-process';

const only = process.argv[2];

/**
 * A bench in a process started with the server's own node flags (package.json "start": its heap settings), as the
 * server runs in production; its direct reference runs in the same process.
 */
async function inServerProcess(file: string): Promise<void> {
  const code = await new Promise<number>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...START_FLAGS, '--import', 'tsx', fileURLToPath(new URL(file, import.meta.url)), '--child'],
      { stdio: 'inherit' },
    );
    child.on('error', reject);
    child.on('exit', (status) => resolve(status ?? 1));
  });
  if (code !== 0) process.exitCode = code;
}

if (!only || only === 'bundle') await benchBundle();
if (!only || only === 'public-site') await benchPublicSite();
if (!only || only === 'import') await benchImport();
if (!only || only === 'import-freeze') await benchImportFreeze();
if (!only || only === 'upload') await benchUpload();
if (!only || only === 'zip-bomb') await benchZipBomb();
if (!only || only === 'memory') await benchMemory();
if (!only || only === 'signin-throughput') await benchSigninThroughput();
if (!only || only === 'courses') await benchCourses();
if (!only || only === 'auto-assign') await benchAutoAssign();
if (!only || only === 'reports') await benchReports();
if (!only || only === 'scim') await benchScim();
// The reminder run's memory is the server's: measured with its heap settings.
if (!only || only === 'reminders') await inServerProcess('./reminders.bench.ts');
// The case list is served as the server serves it, and the daily case job runs where the queue runs it: in a process
// with the server's heap settings, not the runner's own with node's defaults.
if (!only || only === 'cases') await inServerProcess('./case-jobs.bench.ts');
if (!only || only === 'directory') await inServerProcess('./directory.bench.ts');
// Lighthouse needs the built app and starts its own server: `npm run bench lighthouse`, not part of a plain run.
if (only === 'lighthouse') {
  const { benchLighthouse } = await import('./lighthouse.bench');
  await benchLighthouse();
}
// The crash drill is not part of a plain `npm run bench` (it kills and restarts a server five times): `npm run bench crash`.
if (only === 'crash') {
  const { crashDrill } = await import('./crash-drill');
  await crashDrill();
}
