// `npm run lint`'s architecture step: the import rules of .dependency-cruiser.cjs (dependency-cruiser, parsing with
// this package's TypeScript 6: typescript-6.mjs) and the server's shape rules on file contents (shape.mjs).
// Exit 1 listing every broken rule. `--shrink` takes the files that now keep the shape rules off shape-baseline.json
// (it never adds one).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkShape, readBaseline } from './shape.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');

/** Runs dependency-cruiser on `targets` (paths relative to `cwd`) with the project's rules; `output` lists what broke. */
export function cruise(cwd, targets = ['src', 'server'], config = path.join(ROOT, '.dependency-cruiser.cjs')) {
  const bin = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
  const run = spawnSync(
    process.execPath,
    ['--import', path.join(HERE, 'typescript-6.mjs'), bin, ...targets, '--config', config, '--output-type', 'err'],
    { cwd, encoding: 'utf8' },
  );
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}`.trim() };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let failed = false;
  const imports = cruise(ROOT);
  console.log(imports.output);
  failed ||= !imports.ok;

  const baseline = readBaseline(ROOT);
  const { problems, found } = checkShape(ROOT, baseline);
  if (process.argv.includes('--shrink')) {
    const shrunk = Object.fromEntries(
      Object.entries(baseline).map(([rule, files]) => [
        rule,
        Array.isArray(files) ? files.filter((f) => found[rule]?.includes(f)) : files,
      ]),
    );
    writeFileSync(path.join(HERE, 'shape-baseline.json'), `${JSON.stringify(shrunk, null, 2)}\n`);
    console.log('shape-baseline.json: files that keep the rules now taken off.');
  }
  const { problems: left } = process.argv.includes('--shrink') ? checkShape(ROOT, readBaseline(ROOT)) : { problems };
  if (left.length > 0) {
    console.error(`Server shape rules broken (${left.length}):\n  ${left.join('\n  ')}`);
    failed = true;
  } else {
    const listed = Object.values(found).reduce((n, files) => n + files.length, 0);
    console.log(`Server shape rules hold (${listed} files still listed in scripts/lint/shape-baseline.json).`);
  }
  process.exit(failed ? 1 : 0);
}
