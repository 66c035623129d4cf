import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local webhook receiver: records every request and answers `status` (200 unless a test changes it). */
export class Receiver {
  readonly received: Received[] = [];
  status = 200;
  private server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        this.received.push({ path: req.url ?? '', headers: req.headers, body });
        res.statusCode = this.status;
        if (this.status >= 300 && this.status < 400) res.setHeader('location', 'http://169.254.169.254/');
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** The requests to one path. */
  to(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  /**
   * The events received at one path, each verified with the `standardwebhooks` package and the endpoint's secret, as a
   * receiver would (a bad signature throws).
   */
  events<T = { type: string; timestamp: string; data: Record<string, unknown> }>(path: string, secret: string): T[] {
    const verifier = new Webhook(secret);
    return this.to(path).map((r) => verifier.verify(r.body, r.headers as Record<string, string>) as T);
  }
}
