// SCIM provisioning benchmark (`npm run bench scim`): 10,000 people created through `POST /scim/v2/Users` as an
// identity provider's first sync sends them (a few requests at a time, each waiting for its answer; a 429 waits for
// its Retry-After, as Entra ID and Okta do), beside the bulk import of the same people (validate + import of one CSV,
// to the job's end) on the same server and database, in the same run. Both go to the real server in its own process,
// over HTTP. The ratio is SCIM's people per second over the import's; target >= 0.3x (docs/integrations.md
// "Benchmark"). BENCH_SCIM_USERS and BENCH_SCIM_CONCURRENCY change the size and the provider's parallelism;
// BENCH_DATABASE_URL=postgres://... measures on PostgreSQL too.
import { execSync } from 'node:child_process';
import { DEMO_PASSWORD } from '../server/seed/demo.seed';
import { csvUpload, serverDatabase, ServerProcess, sleep } from './server-process';

const PORT = Number(process.env.BENCH_PORT ?? 8293);
const USERS = Number(process.env.BENCH_SCIM_USERS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_SCIM_CONCURRENCY ?? 4);
const HEADER =
  'Email,First Name,Last Name,Employee ID,Gender,Department,Designation,Business Unit,Role,Home Address,Phone Number,Date of Joining';
const MAPPING = { email: 0, firstName: 1, lastName: 2, employeeId: 3, designation: 6 };

interface Person {
  email: string;
  first: string;
  last: string;
  employeeId: string;
}

/** The same people for both sides, told apart by the address's domain (both sides create all of them). */
const people = (domain: string): Person[] =>
  Array.from({ length: USERS }, (_, i) => ({
    email: `person${i}@${domain}`,
    first: `First${i}`,
    last: `Last${i}`,
    employeeId: `${domain.split('.')[0]}-${100000 + i}`,
  }));

/** What Entra ID sends to create a person (its attribute mapping's defaults). */
const scimUser = (p: Person) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
  externalId: p.employeeId,
  userName: p.email,
  active: true,
  displayName: `${p.first} ${p.last}`,
  name: { givenName: p.first, familyName: p.last },
  emails: [{ primary: true, type: 'work', value: p.email }],
  title: 'Analyst',
  'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { employeeNumber: p.employeeId },
});

const load = () =>
  execSync('uptime')
    .toString()
    .trim()
    .replace(/^.*load average: /, '');

async function benchOn(kind: 'pglite' | 'postgres'): Promise<void> {
  const database = await serverDatabase(kind, 'bench-scim');
  const server = new ServerProcess(PORT, { ...database.env, MAX_UPLOAD_BYTES: String(64 * 1024 * 1024) });
  let running = false;
  try {
    await server.start();
    running = true;
    const token = await server.signIn('admin@acme.test', DEMO_PASSWORD);
    const made = await server.request('POST', '/main-api/api/api-keys', {
      token,
      json: { name: 'Bench provisioning', scopes: ['scim'], expiresInDays: 1 },
    });
    if (made.status !== 200) throw new Error(`key: ${made.status} ${JSON.stringify(made.json)}`);
    const key = made.json.secret as string;
    // A server that has been running has its code loaded: a few creates first, of people outside the measured set.
    for (const p of people('warm-up.scim.test').slice(0, 20)) {
      const res = await server.request('POST', '/scim/v2/Users', { token: key, json: scimUser(p) });
      if (res.status !== 201) throw new Error(`warm-up: ${res.status} ${JSON.stringify(res.json)}`);
    }
    await sleep(500);

    const loadBefore = load();
    // SCIM: CONCURRENCY workers, each sending its next person when the last is answered.
    const scimPeople = people('scim.bench.test');
    let next = 0;
    let throttled = 0;
    const scimStart = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let i = next++; i < scimPeople.length; i = next++) {
          for (;;) {
            const res = await server.request('POST', '/scim/v2/Users', { token: key, json: scimUser(scimPeople[i]!) });
            if (res.status === 201) break;
            if (res.status !== 429) throw new Error(`SCIM create: ${res.status} ${JSON.stringify(res.json)}`);
            throttled += 1;
            await sleep(1000);
          }
        }
      }),
    );
    const scimMs = performance.now() - scimStart;

    // The bulk import of the same people: upload and validate, start, wait for the job's end.
    const csv =
      `${HEADER}\n` +
      people('import.bench.test')
        .map((p) => [p.email, p.first, p.last, p.employeeId, '', '', 'Analyst', '', '', '', '', ''].join(','))
        .join('\n') +
      '\n';
    const upload = await csvUpload(csv, 'people.csv', MAPPING);
    const importStart = performance.now();
    const validation = await server.upload('/main-api/api/invite/bulk/validate', token, upload);
    if (validation.status !== 200) throw new Error(`validate: ${validation.status} ${JSON.stringify(validation.json)}`);
    const started = await server.upload('/main-api/api/invite/bulk', token, upload);
    if (started.status !== 202) throw new Error(`import: ${started.status} ${JSON.stringify(started.json)}`);
    const imported = await server.waitForJob<{ status: string; created: number }>(
      token,
      started.json.jobId,
      (s) => s !== 'QUEUED' && s !== 'RUNNING',
      50,
    );
    const importMs = performance.now() - importStart;
    if (imported.status !== 'COMPLETED' || imported.created !== USERS)
      throw new Error(`import: ${JSON.stringify(imported)}`);
    const loadAfter = load();

    const scimRate = USERS / (scimMs / 1000);
    const importRate = USERS / (importMs / 1000);
    const ratio = scimRate / importRate;
    console.log(
      `\nSCIM provisioning, ${USERS.toLocaleString('en')} people, ${kind}, ${CONCURRENCY} requests at a time`,
    );
    console.log(
      `  SCIM POST /Users: ${(scimMs / 1000).toFixed(1)} s -> ${scimRate.toFixed(0)} people/s (${throttled} answers 429)`,
    );
    console.log(
      `  bulk import (validate + job): ${(importMs / 1000).toFixed(1)} s -> ${importRate.toFixed(0)} people/s`,
    );
    console.log(
      `  ratio (SCIM / import): ${ratio.toFixed(2)} (target >= 0.30) ${ratio >= 0.3 ? 'OK' : 'BELOW TARGET'}`,
    );
    console.log(`  load (uptime) before / after: ${loadBefore} / ${loadAfter}`);
  } finally {
    if (running) await server.stop('SIGTERM');
    await database.drop();
  }
}

export async function benchScim(): Promise<void> {
  const kinds: ('pglite' | 'postgres')[] = process.env.BENCH_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  for (const kind of kinds) await benchOn(kind);
}
