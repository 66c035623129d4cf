import { build } from 'vite';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { transform } from 'esbuild';
import { readFileSync } from 'node:fs';
const ROOT = process.cwd();
const entry = process.argv[2] ?? 'player';
const r: any = await build({ root: ROOT, configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'silent', build: { write: false } });
const out = r.output;
const byFile = new Map(out.map((o: any) => [o.fileName, o]));
const e = out.find((o: any) => o.type === 'chunk' && o.isEntry && o.name === entry);
const seen = new Set<string>(); const visit = (f: string) => { if (seen.has(f)) return; seen.add(f); for (const i of (byFile.get(f) as any)?.imports ?? []) visit(i); }; visit(e.fileName);
const rows: [string, number, string][] = [];
for (const f of seen) { const c: any = byFile.get(f); for (const id of Object.keys(c.modules)) { if (!id.startsWith(ROOT + '/src')) continue; const src = readFileSync(id.split('?')[0], 'utf8'); if (/\.css$/.test(id)) continue; const min = (await transform(src, { loader: id.endsWith('x') ? 'tsx' : 'ts', minify: true, jsx: 'automatic' })).code; rows.push([id.slice(ROOT.length + 1), gzipSync(min, { level: 9 }).length, f]); } }
let t = 0; for (const [, n] of rows) t += n;
console.log('own modules', rows.length, 'sum gz (each alone)', (t / 1024).toFixed(1));
for (const [id, n, f] of rows.sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[3] ?? 45))) console.log((n / 1024).toFixed(1).padStart(6), id, f);
