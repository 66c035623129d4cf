// The dependency rules of DESIGN.md, checked on every import of every source file.
// Fails (exit 1) listing each offending import with the rule it breaks.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = process.cwd();
const FRAMEWORKS = ['react', 'react-dom', 'mobx', 'mobx-react-lite', 'ky', 'inversify', 'antd', '@ant-design/icons', 'react-router', 'msw'];
const IO = ['node:', 'fs', 'pg', '@electric-sql/pglite', 'fastify'];

/** layer -> which of our layers it may import, and which packages it may use (null = any). */
const RULES = {
  'src/domain': { ours: ['src/domain', 'src/contracts'], packages: ['zod'] },
  'src/contracts': { ours: ['src/contracts', 'src/domain'], packages: ['zod'] },
  'src/application': { ours: ['src/application', 'src/domain', 'src/contracts'], packages: ['zod'] },
  'src/infrastructure': { ours: ['src/infrastructure', 'src/application', 'src/domain', 'src/contracts'], packages: null },
  'src/ui': { ours: ['src/ui', 'src/infrastructure', 'src/application', 'src/domain', 'src/contracts'], packages: null },
  server: { ours: ['server', 'src/domain', 'src/contracts'], packages: null, forbidPackages: FRAMEWORKS },
};

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) continue;
    if (statSync(full).isDirectory()) yield* files(full);
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts')) yield full;
  }
}

function layerOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  return Object.keys(RULES).find((layer) => rel === layer || rel.startsWith(`${layer}/`)) ?? null;
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const problems = [];
let checked = 0;

for (const layer of Object.keys(RULES)) {
  const dir = path.join(ROOT, layer);
  try {
    statSync(dir);
  } catch {
    continue;
  }
  for (const file of files(dir)) {
    checked++;
    const text = readFileSync(file, 'utf8');
    const rule = RULES[layer];
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2];
      const where = `${path.relative(ROOT, file)}: '${spec}'`;
      if (spec.startsWith('.')) {
        const target = layerOf(path.resolve(path.dirname(file), spec)) ?? path.relative(ROOT, path.resolve(path.dirname(file), spec));
        if (!rule.ours.includes(target)) problems.push(`${where} — ${layer} may not import ${target}`);
        continue;
      }
      const pkg = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
      if (rule.packages && !rule.packages.includes(pkg)) {
        const why = FRAMEWORKS.includes(pkg) ? 'a framework' : IO.some((io) => pkg.startsWith(io)) ? 'I/O' : 'a package outside its allow-list';
        problems.push(`${where} — ${layer} must stay framework-free and I/O-free (${why})`);
      }
      if (rule.forbidPackages?.includes(pkg)) problems.push(`${where} — the server may not use the web app's frameworks`);
    }
  }
}

// Route files keep no SQL: route -> service (where there is logic) -> repository. These still do, from before the
// rule; take a file off the list when its SQL moves to a repository. No other route file may start.
const ROUTES_STILL_HOLDING_SQL = new Set([
  'server/main/audit/audit.routes.ts',
  'server/main/auth/code-sign-in.routes.ts',
  'server/main/auth/profile-image.routes.ts',
  'server/main/auth/profile.routes.ts',
  'server/main/auth/session-admin.routes.ts',
  'server/main/auth/signup.routes.ts',
  'server/main/auth/social-sign-in.routes.ts',
  'server/main/invites/invitations.routes.ts',
  'server/main/invites/invite-management.routes.ts',
  'server/main/organisation/branding.routes.ts',
  'server/main/platform-tools/platform-users.routes.ts',
  'server/main/platform-tools/user-manual.routes.ts',
  'server/main/platform-tools/workspace-options.routes.ts',
  'server/main/platform/ip-ranges.routes.ts',
  'server/main/platform/platform-audit.routes.ts',
  'server/main/platform/workspaces.routes.ts',
  'server/main/templates/templates.routes.ts',
  'server/main/workspace/workspace.routes.ts',
  'server/web/dev-outbox.routes.ts',
]);
const SQL_CALL = /\.query\s*(<|\()/;
for (const file of files(path.join(ROOT, 'server'))) {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  if (!rel.endsWith('.routes.ts')) continue;
  const holdsSql = SQL_CALL.test(readFileSync(file, 'utf8'));
  if (holdsSql && !ROUTES_STILL_HOLDING_SQL.has(rel)) problems.push(`${rel} — a route file holds SQL: move it into the area's repository`);
  if (!holdsSql && ROUTES_STILL_HOLDING_SQL.has(rel)) console.warn(`! ${rel} holds no SQL any more: take it off ROUTES_STILL_HOLDING_SQL`);
}

if (problems.length) {
  console.error(`Architecture rules broken (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Architecture rules hold for ${checked} files.`);
