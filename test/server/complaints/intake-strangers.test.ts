import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { intakeAddressKey } from '../../../server/case/complaints/intake-address';
import {
  INTAKE_PER_ADDRESS,
  RECEIPT_FAILURES_PER_ADDRESS,
  RECEIPT_FAILURES_PER_WORKSPACE,
} from '../../../server/case/complaints/intake.service';
import { hashLimitKey } from '../../../server/platform/rate-limiter';
import { buildWorkspace, type BuiltWorkspace } from '../support/factories';
import { DATABASES, startTestServer, testPasswords, type TestServer } from '../support/test-app';

const CASE = '/case-api/api';
const REPORTER = '203.0.113.7';

/** Strangers who cannot reach a reporter's case: they may spend every allowance there is, the right key still opens it. */
describe.each(DATABASES)('strangers against the confidential intake on %s', (kind) => {
  const key = randomBytes(32);
  let server: TestServer;
  let ws: BuiltWorkspace;

  const from = (address: string, url: string, payload: object, app = server.app) =>
    app.inject({ method: 'POST', url: `${CASE}${url}`, payload, remoteAddress: address, headers: { host: ws.host } });
  const report = () => ({
    respondent: { name: 'Rahul Respondent', gender: 'MAN', description: 'Team lead, floor 3' },
    incident: {
      details: 'He made remarks about me at the team lunch.',
      date: new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10),
      witnesses: [],
    },
  });
  const file = async (address: string, extra: object = {}) => {
    const res = await from(address, '/intake', { ...report(), ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { receiptKey: string; session: string };
  };
  const wrongKey = (i: number) => ({
    receiptKey: `9999 9999 9999 ${String(1000 + (i % 9000)).padStart(4, '0')} ${String(i).padStart(4, '0').slice(-4)}`,
  });

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { intakeAddressKey: key });
    ws = await buildWorkspace(server, { jurisdictionCode: 'IN' });
    const admin = ws.admin.token;
    const ok = async (url: string, payload: object) => {
      const res = await server.request(ws.host, { method: 'POST', url: `${CASE}${url}`, token: admin, payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const wf = await ok('/admin/workflow', { workflowName: 'Strangers', defaultToWorkspace: true });
    const v = await ok(`/admin/workflow/${wf.workflowId}/version`, { name: 'v1' });
    await ok(`/admin/step/workflow/${v.workflowVersionId}`, {
      kind: 'ACTION',
      name: 'Copy to respondent',
      actionTypes: ['INFORM_RESPONDENT'],
    });
    await ok('/admin/workflow/publish', { workflowId: wf.workflowId, workflowVersionId: v.workflowVersionId });
  });
  afterAll(async () => server?.close());

  it('strangers spend the workspace budget of wrong keys; the reporter’s right key still opens the case', async () => {
    const receipt = await file(REPORTER);
    const guarded = await file('203.0.113.8', { password: 'my own long secret' });
    // Twenty addresses, ten wrong keys each: the whole workspace's allowance for the hour.
    const strangers = Array.from(
      { length: RECEIPT_FAILURES_PER_WORKSPACE.max / RECEIPT_FAILURES_PER_ADDRESS.max },
      (_, i) => `198.51.100.${i + 10}`,
    );
    let tries = 0;
    for (const address of strangers) {
      const answers = await Promise.all(
        Array.from({ length: RECEIPT_FAILURES_PER_ADDRESS.max }, () =>
          from(address, '/intake/receipt/sign-in', wrongKey(tries++)),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 401));
    }
    // The strangers' own addresses are spent: their next wrong key is a 429.
    expect((await from(strangers[0], '/intake/receipt/sign-in', wrongKey(tries++))).statusCode).toBe(429);

    // The reporter, from their own address and from a spent one they happen to share (the same office network), gets in.
    const opened = await from(REPORTER, '/intake/receipt/sign-in', { receiptKey: receipt.receiptKey });
    expect(opened.statusCode, opened.body).toBe(200);
    const shared = await from(strangers[1], '/intake/receipt/sign-in', { receiptKey: receipt.receiptKey });
    expect(shared.statusCode, shared.body).toBe(200);
    const read = await from(REPORTER, '/intake/receipt/case', { session: opened.json().session });
    expect(read.statusCode).toBe(200);
    // A receipt with a password: its owner gets in; a spent address tries no more passwords, even with the key.
    expect(
      (
        await from('203.0.113.8', '/intake/receipt/sign-in', {
          receiptKey: guarded.receiptKey,
          password: 'my own long secret',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await from(strangers[2], '/intake/receipt/sign-in', {
          receiptKey: guarded.receiptKey,
          password: 'my own long secret',
        })
      ).statusCode,
    ).toBe(429);
  }, 180_000);

  it('a copy of the database cannot recompute an address’s hash: the key of the day is derived from a secret kept outside it', async () => {
    const address = '192.0.2.77';
    for (let i = 0; i < INTAKE_PER_ADDRESS.max; i += 1) await file(address);
    expect((await from(address, '/intake', report())).statusCode).toBe(429);

    // No table holds a secret any more.
    const tables = await server.db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name LIKE '%secret%'`,
    );
    expect(tables).toEqual([]);
    // The stored key is the hash of a value only the server's key computes, and the time kept is the window's, not the report's.
    const stored = hashLimitKey(INTAKE_PER_ADDRESS, intakeAddressKey(key, ws.id, address));
    const [row] = await server.db.query<{ hits: number[] }>(
      `SELECT ARRAY(SELECT extract(epoch FROM h)::float8 * 1000 FROM unnest(hits) AS h) AS hits FROM rate_limits WHERE key = $1`,
      [stored],
    );
    expect(row.hits.length).toBe(INTAKE_PER_ADDRESS.max);
    expect(row.hits.every((ms) => Number(ms) % INTAKE_PER_ADDRESS.windowMs === 0)).toBe(true);

    const second = (intakeKey: Uint8Array) =>
      buildApp({
        db: server.db,
        passwords: testPasswords,
        fileUrls: server.fileUrls,
        settings: { mainHost: 'localhost', maxUploadBytes: 5 * 1024 * 1024 },
        intakeAddressKey: intakeKey,
      });
    // Whoever holds the database but not the key computes other hashes: the same address is a stranger to them.
    const copy = await second(randomBytes(32));
    try {
      expect((await from(address, '/intake', report(), copy)).statusCode).toBe(200);
    } finally {
      await copy.close();
    }
    // A second process of the same deployment (same key, same database) shares the count.
    const sibling = await second(key);
    try {
      expect((await from(address, '/intake', report(), sibling)).statusCode).toBe(429);
    } finally {
      await sibling.close();
    }
  }, 120_000);
});
