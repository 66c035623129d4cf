// SCIM provisioning benchmark (`npm run bench scim`): 10,000 people created through `POST /scim/v2/Bulk` (requests of
// 1,000 operations, one at a time, each waiting for its answer; a 429 waits for its Retry-After), some through single
// `POST /scim/v2/Users` as Entra ID and Okta send them (four at a time), beside the bulk import of the same people
// (validate + import of the same CSV as `npm run bench import`, to the job's end) on the same server and database, in
// the same run. Everything goes to the real server in its own process, over HTTP. The ratio is SCIM Bulk's people per
// second over the import's; target >= 0.3x (docs/integrations.md "Benchmark"). BENCH_SCIM_USERS changes the size,
// BENCH_SCIM_SINGLES the number created one by one, BENCH_SCIM_BULK the operations per Bulk request;
// BENCH_DATABASE_URL=postgres://... measures on PostgreSQL too.
import { execSync } from 'node:child_process';
import { DEMO_PASSWORD } from '../server/seed/demo.seed';
import { csvUpload, serverDatabase, ServerProcess, sleep, type Answer } from './server-process';
import { benchPeople, PEOPLE_CSV_MAPPING, peopleCsv, type BenchPerson } from './support';

const PORT = Number(process.env.BENCH_PORT ?? 8293);
const USERS = Number(process.env.BENCH_SCIM_USERS ?? 10_000);
const SINGLES = Number(process.env.BENCH_SCIM_SINGLES ?? 1_000);
const PER_BULK = Number(process.env.BENCH_SCIM_BULK ?? 1_000);
const CONCURRENCY = 4;

/** What Entra ID sends to create a person (its attribute mapping's defaults), with the CSV's department and title. */
const scimUser = (p: BenchPerson) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
  externalId: p.employeeId,
  userName: p.email,
  active: true,
  displayName: `${p.first} ${p.last}`,
  name: { givenName: p.first, familyName: p.last },
  emails: [{ primary: true, type: 'work', value: p.email }],
  title: p.designation,
  'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': {
    employeeNumber: p.employeeId,
    department: p.department,
  },
});

const load = () =>
  execSync('uptime')
    .toString()
    .trim()
    .replace(/^.*load average: /, '');

/** Sends until the answer is not a 429 (waiting its Retry-After, as providers do); counts the 429s. */
async function patiently(send: () => Promise<Answer>, throttled: { n: number }): Promise<Answer> {
  for (;;) {
    const res = await send();
    if (res.status !== 429) return res;
    throttled.n += 1;
    await sleep(1000);
  }
}

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
    const createOne = (p: BenchPerson) => server.request('POST', '/scim/v2/Users', { token: key, json: scimUser(p) });
    const createMany = (people: BenchPerson[]) =>
      server.request('POST', '/scim/v2/Bulk', {
        token: key,
        json: {
          schemas: ['urn:ietf:params:scim:api:messages:2.0:BulkRequest'],
          Operations: people.map((p, i) => ({ method: 'POST', path: '/Users', bulkId: `p${i}`, data: scimUser(p) })),
        },
      });
    // A server that has been running has its code loaded: a few of each first, of people outside the measured sets.
    const warm = benchPeople(40, 'warm-up.scim.test', 'W');
    for (const p of warm.slice(0, 20)) {
      const res = await createOne(p);
      if (res.status !== 201) throw new Error(`warm-up: ${res.status} ${JSON.stringify(res.json)}`);
    }
    const warmBulk = await createMany(warm.slice(20));
    if (warmBulk.status !== 200) throw new Error(`warm-up bulk: ${warmBulk.status} ${JSON.stringify(warmBulk.json)}`);
    await sleep(500);

    const loadBefore = load();
    // SCIM Bulk: requests of PER_BULK creates, one at a time.
    const bulkPeople = benchPeople(USERS, 'bulk.scim.test', 'B');
    const bulkThrottled = { n: 0 };
    const bulkStart = performance.now();
    for (let i = 0; i < bulkPeople.length; i += PER_BULK) {
      const res = await patiently(() => createMany(bulkPeople.slice(i, i + PER_BULK)), bulkThrottled);
      if (res.status !== 200) throw new Error(`SCIM Bulk: ${res.status} ${JSON.stringify(res.json).slice(0, 300)}`);
      const failed = (res.json.Operations as { status: string }[]).filter((o) => o.status !== '201');
      if (failed.length > 0) throw new Error(`SCIM Bulk: ${failed.length} not created: ${JSON.stringify(failed[0])}`);
    }
    const bulkMs = performance.now() - bulkStart;

    // SCIM one by one: CONCURRENCY workers, each sending its next person when the last is answered.
    const singlePeople = benchPeople(SINGLES, 'single.scim.test', 'S');
    const singleThrottled = { n: 0 };
    let next = 0;
    const singleStart = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let i = next++; i < singlePeople.length; i = next++) {
          const res = await patiently(() => createOne(singlePeople[i]!), singleThrottled);
          if (res.status !== 201) throw new Error(`SCIM create: ${res.status} ${JSON.stringify(res.json)}`);
        }
      }),
    );
    const singleMs = performance.now() - singleStart;

    // The bulk import of the same people, from the import benchmark's file: upload and validate, start, wait.
    const upload = await csvUpload(
      peopleCsv(benchPeople(USERS, 'import.scim.test', 'I')),
      'people.csv',
      PEOPLE_CSV_MAPPING,
    );
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

    const bulkRate = USERS / (bulkMs / 1000);
    const singleRate = SINGLES / (singleMs / 1000);
    const importRate = USERS / (importMs / 1000);
    const ratio = bulkRate / importRate;
    console.log(`\nSCIM provisioning, ${kind}`);
    console.log(
      `  SCIM POST /Bulk, ${USERS.toLocaleString('en')} people in requests of ${PER_BULK}: ${(bulkMs / 1000).toFixed(1)} s -> ${bulkRate.toFixed(0)} people/s (${bulkThrottled.n} answers 429)`,
    );
    console.log(
      `  SCIM POST /Users, ${SINGLES.toLocaleString('en')} people, ${CONCURRENCY} at a time: ${(singleMs / 1000).toFixed(1)} s -> ${singleRate.toFixed(0)} people/s (${singleThrottled.n} answers 429)`,
    );
    console.log(
      `  bulk import of ${USERS.toLocaleString('en')} (validate + job): ${(importMs / 1000).toFixed(1)} s -> ${importRate.toFixed(0)} people/s`,
    );
    console.log(
      `  ratio (SCIM Bulk / import): ${ratio.toFixed(2)} (target >= 0.30) ${ratio >= 0.3 ? 'OK' : 'BELOW TARGET'}; singles / import: ${(singleRate / importRate).toFixed(2)}`,
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
