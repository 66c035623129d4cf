import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../server/app';
import { readConfig } from '../../../server/config';
import { FolderFileStorage } from '../../../server/platform/file-storage';
import type { Mailer, OutgoingMail } from '../../../server/platform/messages';
import { openTestDatabase, startTestServer, testPasswords, type TestServer } from '../support/test-app';

describe('the development outbox page', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => server?.close());

  it('shows the mail sent, to this machine only', async () => {
    await server.request('acme.localhost', { method: 'POST', url: '/main-api/api/user/forgot-password', payload: { userEmail: 'employee@acme.test' } });
    const local = await server.request('localhost', { method: 'GET', url: '/dev/outbox?format=json&to=employee%40acme.test', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    // The code is in the body, never in the subject.
    expect(local.json()[0].subject).toBe('Reset your Acme password');
    expect(local.json()[0].body).toMatch(/The code is \d{6}/);
    const html = await server.request('localhost', { method: 'GET', url: '/dev/outbox', remoteAddress: '::1' });
    expect(html.body).toContain('Outbox (development only)');
    const remote = await server.request('localhost', { method: 'GET', url: '/dev/outbox?format=json', remoteAddress: '203.0.113.5' });
    expect(remote.statusCode).toBe(404);
  });

  it('refuses every request that came through a proxy, even from this machine', async () => {
    for (const header of [
      { forwarded: 'for=203.0.113.5' },
      { 'x-forwarded-for': '203.0.113.5' },
      { 'x-forwarded-host': 'acme.example.com' },
      { 'x-forwarded-proto': 'https' },
    ]) {
      const res = await server.request('localhost', { method: 'GET', url: '/dev/outbox?format=json', remoteAddress: '127.0.0.1', headers: header });
      expect(res.statusCode, JSON.stringify(header)).toBe(404);
    }
  });

  it('is not served when the app is given a real mail or SMS transport, even with the page switched on', async () => {
    const db = await openTestDatabase('pglite');
    const sent: OutgoingMail[] = [];
    const mail: Mailer = { assertAvailable() {}, async send(m) { sent.push(m); }, async sendMany(ms) { sent.push(...ms); } };
    const app = await buildApp({
      db,
      passwords: testPasswords,
      mail,
      files: new FolderFileStorage(await mkdtemp(path.join(os.tmpdir(), 'safeplace-files-'))),
      settings: { mainHost: 'localhost', maxUploadBytes: 1024 * 1024, outboxPage: true },
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/dev/outbox?format=json', remoteAddress: '127.0.0.1', headers: { host: 'localhost' } });
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
      await db.close();
    }
  });

  it('is switched off whenever real mail or SMS is configured, and in production', () => {
    expect(readConfig({}).outboxPage).toBe(true);
    expect(readConfig({ SMTP_URL: 'smtp://mail.example.com:587', MAIL_FROM: 'x@example.com' }).outboxPage).toBe(false);
    expect(readConfig({ SMS_GATEWAY_URL: 'https://sms.example.com/send', OUTBOX_PAGE: '1' }).outboxPage).toBe(false);
    expect(readConfig({ NODE_ENV: 'production' }).outboxPage).toBe(false);
  });
});
