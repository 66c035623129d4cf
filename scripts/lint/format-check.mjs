// `npm run lint`'s format step: `prettier --check .` (.prettierrc.json, .prettierignore). On when the tree has been
// formatted (the marker file .prettier-formatted exists at the root) or PRETTIER_CHECK=1 is set; until then it says
// it is off and passes, so that an unformatted tree does not fail every branch at once.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const on = process.env.PRETTIER_CHECK === '1' || existsSync(path.join(ROOT, '.prettier-formatted'));
if (!on) {
  console.log('Prettier check off: the tree is not formatted yet (npm run format, then add .prettier-formatted).');
  process.exit(0);
}
const bin = path.join(ROOT, 'node_modules/prettier/bin/prettier.cjs');
const run = spawnSync(process.execPath, [bin, '--check', '--log-level', 'warn', '.'], { cwd: ROOT, stdio: 'inherit' });
if (run.status === 0) console.log('Prettier: every file is formatted.');
else console.error('Prettier: the files above are not formatted (npm run format).');
process.exit(run.status ?? 1);
