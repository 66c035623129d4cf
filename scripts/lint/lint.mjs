// `npm test`'s lint step: ESLint over the TypeScript sources with eslint.config.js. Exit 1 on any problem.
import { ESLint } from './plugins.js';

const eslint = new ESLint({ cwd: process.cwd(), errorOnUnmatchedPattern: false });
const results = await eslint.lintFiles(['src', 'server', 'test', 'e2e', 'bench', 'examples', '*.ts']);
const formatter = await eslint.loadFormatter('stylish');
const output = await formatter.format(results);
if (output) console.log(output);
const problems = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0);
console.log(
  problems === 0
    ? `ESLint: ${results.length} files, no problems.`
    : `ESLint: ${problems} problem(s) in ${results.length} files.`,
);
process.exit(problems === 0 ? 0 : 1);
