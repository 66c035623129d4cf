import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ParseSlots } from '../../../server/platform/parse-slots';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildWorkspace } from '../support/factories';
import { csv, multipart } from './upload';
import { repetitiveSharedStrings, workbookParts, zipArchive } from './zip';

const HEADERS_URL = '/main-api/api/invite/bulk/file/mappings';

/**
 * A workspace's admin (or a script with their session) sends many spreadsheets at once: each one held and inflated
 * costs the server's memory, so a process receives and parses a bounded number at once, per workspace and in all;
 * the next is refused with 429 and Retry-After before its body is read (docs/imports.md "Parsing uploads").
 */
describe.each(DATABASES)('the bound on spreadsheet uploads parsed at once on %s', (kind) => {
  let server: TestServer;
  let acme: string;
  let globex: string;
  /** A workspace of the test's own and another: the bound is per workspace and in all. */
  let ACME: string;
  let GLOBEX: string;
  const slots = new ParseSlots({ perWorkspace: 2, perProcess: 3 });

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { parses: slots });
    const [own, other] = [await buildWorkspace(server), await buildWorkspace(server)];
    [ACME, GLOBEX] = [own.host, other.host];
    [acme, globex] = [own.admin.token, other.admin.token];
  });
  afterAll(async () => server?.close());

  const file = (content: string | Uint8Array, name = 'people.csv') => multipart({ name, content });
  const send = async (
    host: string,
    token: string,
    content: string | Uint8Array = csv('asha@people.example,Asha,Rao'),
    name?: string,
  ) => server.request(host, { method: 'POST', url: HEADERS_URL, token, ...(await file(content, name)) });

  /** An upload whose body is still arriving: it holds its slot until `finish`. */
  const held = async (host: string, token: string) => {
    const { payload, headers } = await file(csv('asha@people.example,Asha,Rao'));
    const body = new PassThrough();
    body.write(payload.subarray(0, 200));
    const before = slots.inUse();
    const answer = server.request(host, { method: 'POST', url: HEADERS_URL, token, headers, payload: body });
    // Its slot is taken as soon as its headers have been read and its sender checked.
    for (let i = 0; slots.inUse() === before; i += 1) {
      if (i > 200) throw new Error('the upload never took a slot');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return { answer, finish: () => body.end(payload.subarray(200)) };
  };

  it('refuses a workspace’s third upload at once with 429 and Retry-After; other workspaces share the process’s bound', async () => {
    const first = await held(ACME, acme);
    const second = await held(ACME, acme);
    const refused = await send(ACME, acme);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toMatchObject({ code: 'UPLOADS_BUSY' });
    expect(refused.json().message).toMatch(/Try again/);

    // Another workspace is not held up by this one's uploads, up to the process's bound.
    const theirs = await held(GLOBEX, globex);
    const processFull = await send(GLOBEX, globex);
    expect(processFull.statusCode).toBe(429);
    expect(processFull.json().code).toBe('UPLOADS_BUSY');
    expect(processFull.headers['retry-after']).toBe('5');

    for (const upload of [first, second, theirs]) upload.finish();
    const answers = await Promise.all([first.answer, second.answer, theirs.answer]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    // The slots are given back with the answers.
    expect(slots.inUse()).toBe(0);
    expect((await send(ACME, acme)).statusCode).toBe(200);
    expect((await send(GLOBEX, globex)).statusCode).toBe(200);
  }, 60_000);

  it('three parallel zip bombs: each refused (413, or 429 beyond the bound), never a 500; the slots come back', async () => {
    // 1.4 MB whose shared strings inflate to 400 MB; the directory claims 1 KB.
    const bomb = await zipArchive(
      workbookParts('<row r="1"><c r="A1" t="s"><v>0</v></c></row>', repetitiveSharedStrings(400 * 1024 * 1024), {
        declaredStringsSize: 1024,
      }),
    );
    const answers = await Promise.all([0, 1, 2].map(() => send(ACME, acme, new Uint8Array(bomb), 'bomb.xlsx')));
    for (const res of answers) {
      expect([413, 429], res.body).toContain(res.statusCode);
      if (res.statusCode === 429) expect(res.headers['retry-after']).toBe('5');
      else expect(res.json().code).toBe('WORKBOOK_TOO_LARGE');
    }
    expect(answers.some((r) => r.statusCode === 413)).toBe(true);
    expect(slots.inUse()).toBe(0);
    const after = await Promise.all([send(ACME, acme), send(ACME, acme)]);
    expect(after.map((r) => r.statusCode)).toEqual([200, 200]);
  }, 120_000);
});
