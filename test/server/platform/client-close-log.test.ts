import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../imports/upload';
import { startTestServer, type TestServer } from '../support/test-app';
import { buildWorkspace } from '../support/factories';

/**
 * A browser that goes away while a compressed answer still streams (it navigated on) is not a server fault: the
 * server's log has no error line for it, while a real fault is still logged as an error.
 */
describe('a client that closes the connection mid-answer', () => {
  const logged: { level: number; msg: string; err?: { message: string } }[] = [];
  let server: TestServer;
  let port: number;
  let admin: string;
  /** The host of this file's workspace, built for it. */
  let host: string;

  beforeAll(async () => {
    server = await startTestServer(
      'pglite',
      {},
      { logger: { level: 'info', stream: { write: (line: string) => logged.push(JSON.parse(line)) } } },
    );
    const ws = await buildWorkspace(server);
    [host, admin] = [ws.host, ws.admin.token];
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => server?.close());

  it('logs no error when the browser drops a compressed report stream; a real error is still an error', async () => {
    // A report of 20,000 rows streams out gzipped; the client reads its first bytes and drops the connection.
    const rows = Array.from(
      { length: 20_000 },
      (_, i) => `gone${i}@acme-new.test,Person ${i} with a long enough name to fill the report`,
    ).join('\n');
    const { payload, headers } = await multipart(
      { name: 'people.csv', content: `Email,First Name\n${rows}\n` },
      { mapping: JSON.stringify({ email: 0, firstName: 1 }) },
    );
    const dropped = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/main-api/api/invite/download/bulk/detailed-report',
          headers: {
            ...headers,
            host: `${host}:${port}`,
            authorization: `Bearer ${admin}`,
            'accept-encoding': 'gzip',
            'content-length': payload.length,
          },
        },
        (response) => {
          response.once('data', () => {
            request.destroy();
            resolve(response.statusCode ?? 0);
          });
        },
      );
      request.on('error', () => undefined);
      request.once('close', () => resolve(0));
      request.end(payload);
      setTimeout(() => reject(new Error('no answer')), 60_000);
    });
    expect(dropped).toBe(200);
    // Give the server's streams time to notice the closed socket.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const errors = logged.filter((line) => line.level >= 50);
    expect(errors.map((line) => line.err?.message ?? line.msg)).toEqual([]);

    server.app.log.error(new Error('the disk is on fire'));
    expect(logged.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual(['the disk is on fire']);
    // Logged, at info, as what it is.
    expect(logged.some((line) => line.level === 30 && /closed the connection/.test(line.msg))).toBe(true);
  }, 90_000);
});
