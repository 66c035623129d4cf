import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../server/app';
import { readConfig } from '../../../server/config';
import type { Mailer, OutgoingMail } from '../../../server/platform/messages';
import { DATABASES, openTestDatabase, startTestServer, testPasswords, type TestServer } from '../support/test-app';
import { buildUser, buildWorkspace, type BuiltUser, type BuiltWorkspace } from '../support/factories';

/** Every way a proxy, a CDN or a load balancer passes a client's address on. */
const CLIENT_ADDRESS_HEADERS = [
  { forwarded: 'for=203.0.113.5' },
  { via: '1.1 proxy' },
  { 'x-forwarded-for': '203.0.113.5' },
  { 'x-forwarded-host': 'acme.example.com' },
  { 'x-forwarded-proto': 'https' },
  { 'x-real-ip': '203.0.113.5' },
  { 'true-client-ip': '203.0.113.5' },
  { 'cf-connecting-ip': '203.0.113.5' },
  { 'cf-connecting-ipv6': '2001:db8::5' },
  { 'x-client-ip': '203.0.113.5' },
  { 'x-cluster-client-ip': '203.0.113.5' },
  { 'fastly-client-ip': '203.0.113.5' },
  { 'x-originating-ip': '203.0.113.5' },
  { 'x-remote-addr': '203.0.113.5' },
  { 'x-envoy-external-address': '203.0.113.5' },
  { 'x-appengine-user-ip': '203.0.113.5' },
];

describe.each(DATABASES)('the development outbox page on %s', (kind) => {
  let server: TestServer;
  /** A workspace of this file's own, named Acme, and one of its people. */
  let ws: BuiltWorkspace;
  let employee: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer(kind);
    ws = await buildWorkspace(server, { companyName: 'Acme' });
    employee = await buildUser(server, ws);
  });
  afterAll(async () => server?.close());

  it('shows the mail sent, to this machine only', async () => {
    await server.request(ws.host, {
      method: 'POST',
      url: '/main-api/api/user/forgot-password',
      payload: { userEmail: employee.email },
    });
    const local = await server.request('localhost', {
      method: 'GET',
      url: `/dev/outbox?format=json&to=${encodeURIComponent(employee.email)}`,
      remoteAddress: '127.0.0.1',
    });
    expect(local.statusCode).toBe(200);
    // The code is in the body, never in the subject.
    expect(local.json()[0].subject).toBe('Reset your Acme password');
    expect(local.json()[0].body).toMatch(/The code is \d{6}/);
    const html = await server.request('localhost', { method: 'GET', url: '/dev/outbox', remoteAddress: '::1' });
    expect(html.body).toContain('Outbox (development only)');
    const remote = await server.request('localhost', {
      method: 'GET',
      url: '/dev/outbox?format=json',
      remoteAddress: '203.0.113.5',
    });
    expect(remote.statusCode).toBe(404);
  });

  it('refuses every request that came through a proxy, even from this machine, whatever the header', async () => {
    for (const header of CLIENT_ADDRESS_HEADERS) {
      const res = await server.request('localhost', {
        method: 'GET',
        url: '/dev/outbox?format=json',
        remoteAddress: '127.0.0.1',
        headers: header,
      });
      expect(res.statusCode, JSON.stringify(header)).toBe(404);
    }
  });

  it("answers on the main host only: a page at an attacker's name resolving to this machine (DNS rebinding) gets nothing", async () => {
    for (const host of ['rebind.attacker.example', ws.host, 'localhost.attacker.example']) {
      const res = await server.request(host, {
        method: 'GET',
        url: '/dev/outbox?format=json',
        remoteAddress: '127.0.0.1',
      });
      expect(res.statusCode, host).toBe(404);
      expect(res.body).not.toContain('"subject"');
    }
  });

  it('answers 400, never 500, to a recipient or a format it cannot use', async () => {
    for (const query of ['to=%00', 'to=a%0Ab', `to=${'a'.repeat(400)}`, 'format=xml', 'to=x&to=y']) {
      const res = await server.request('localhost', {
        method: 'GET',
        url: `/dev/outbox?${query}`,
        remoteAddress: '127.0.0.1',
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('INVALID');
    }
  });

  it("the case clock is refused through any proxy header and on a host that is not a workspace's", async () => {
    const body = { complaintId: '00000000-0000-4000-8000-000000000000', backdateDays: 1 };
    // The route answers (404 for an unknown case) when asked properly...
    const direct = await server.request(ws.host, {
      method: 'POST',
      url: '/dev/case-daily',
      remoteAddress: '127.0.0.1',
      payload: body,
    });
    expect(direct.json().message).toBe('No such case in this workspace');
    for (const header of CLIENT_ADDRESS_HEADERS) {
      const res = await server.request(ws.host, {
        method: 'POST',
        url: '/dev/case-daily',
        remoteAddress: '127.0.0.1',
        headers: header,
        payload: body,
      });
      expect(res.json().message, JSON.stringify(header)).toBe('No such route: POST /dev/case-daily');
    }
    for (const host of ['rebind.attacker.example', 'localhost']) {
      const res = await server.request(host, {
        method: 'POST',
        url: '/dev/case-daily',
        remoteAddress: '127.0.0.1',
        payload: body,
      });
      expect(res.json().message, host).toBe('No such route: POST /dev/case-daily');
    }
    const bad = await server.request(ws.host, {
      method: 'POST',
      url: '/dev/case-daily',
      remoteAddress: '127.0.0.1',
      payload: { complaintId: 'x\u0000', backdateDays: 1 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('is not served when the app is given a real mail or SMS transport, even with the page switched on', async () => {
    const db = await openTestDatabase(kind);
    const sent: OutgoingMail[] = [];
    const mail: Mailer = {
      assertAvailable() {},
      async send(m) {
        sent.push(m);
      },
      async sendMany(ms) {
        sent.push(...ms);
      },
    };
    const app = await buildApp({
      db,
      passwords: testPasswords,
      mail,
      settings: { mainHost: 'localhost', maxUploadBytes: 1024 * 1024, outboxPage: true },
    });
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/dev/outbox?format=json',
        remoteAddress: '127.0.0.1',
        headers: { host: 'localhost' },
      });
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
