import { build } from 'vite';
import path from 'node:path';
const out: Record<string, { size: number; mods: [string, number][] }> = {};
await build({
  root: process.cwd(), logLevel: 'silent', configFile: path.join(process.cwd(), 'vite.config.ts'),
  build: { outDir: '/tmp/playerjs/dist', manifest: true, emptyOutDir: true },
  plugins: [{ name: 'an', generateBundle(_o, bundle) {
    for (const [f, c] of Object.entries(bundle)) if (c.type === 'chunk') {
      out[f] = { size: c.code.length, mods: Object.entries(c.modules).map(([id, m]) => [id.replace(/.*node_modules\//, 'nm/').replace(process.cwd(), ''), m.renderedLength] as [string, number]).sort((a, b) => b[1] - a[1]) };
    }
  } }],
});
const want = process.argv.slice(2);
for (const [f, c] of Object.entries(out)) if (want.some((w) => f.includes(w))) {
  console.log(f, c.size);
  // group node_modules by package
  const groups = new Map<string, number>();
  for (const [id, n] of c.mods) { const key = id.startsWith('nm/') ? id.split('/').slice(0, id.split('/')[1].startsWith('@') ? 3 : 2).join('/') : id; groups.set(key, (groups.get(key) ?? 0) + n); }
  for (const [k, n] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 60)) console.log('   ', n, k);
}
