import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadLimits } from '../../../src/domain/files/uploads';
import { CourseFiles } from '../../../server/learning/files/files.service';
import {
  buildBusinessUnit,
  buildCourse,
  buildUnitUser,
  buildUser,
  buildWorkspace,
  type BuiltWorkspace,
} from '../support/factories';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { DOCX, HTML, mp4, PDF, PLAIN_ZIP, PNG, SVG, VTT, XLSX } from '../support/sample-files';

const LIMITS: UploadLimits = { VIDEO: 256 * 1024, IMAGE: 4096, PDF: 64 * 1024, CAPTIONS: 4096, DOCUMENT: 64 * 1024 };
const BASE = '/learning-api/api';

describe.each(DATABASES)('course uploads on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let employer: string;
  let otherAdmin: string;
  let wsId: string;
  let courseId: string;
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  let wsHost: string;
  let otherHost: string;
  /** A business unit's admin and an employee: people who may not upload. */
  let notAuthors: string[];

  beforeAll(async () => {
    server = await startTestServer(kind, { uploadLimits: LIMITS });
    ws = await buildWorkspace(server);
    other = await buildWorkspace(server);
    wsHost = ws.host;
    otherHost = other.host;
    admin = ws.admin.token;
    employer = (await buildUser(server, ws, { role: 'EMPLOYER' })).token;
    otherAdmin = other.admin.token;
    wsId = ws.id;
    courseId = await buildCourse(server, ws);
    const unit = await buildBusinessUnit(server, ws);
    notAuthors = [
      (await buildUnitUser(server, ws, unit.id, { role: 'BRANCH_ADMIN' })).token,
      (await buildUser(server, ws)).token,
    ];
  });
  afterAll(async () => server?.close());

  const post = (url: string, token: string, payload?: object, host = wsHost) =>
    server.request(host, { method: 'POST', url: `${BASE}${url}`, token, ...(payload ? { payload } : {}) });
  const put = (url: string, body: Buffer | Readable, host = wsHost, headers: Record<string, string> = {}) =>
    server.request(host, {
      method: 'PUT',
      url,
      payload: body,
      headers: { 'content-type': 'application/octet-stream', ...headers },
    });
  const get = (url: string, headers: Record<string, string> = {}, host = wsHost) =>
    server.request(host, { method: 'GET', url, headers });
  const stored = () => readdir(path.join(server.filesRoot, wsId)).catch(() => [] as string[]);
  const rowsOf = (id: string) => server.db.query(`SELECT status FROM files WHERE id = $1`, [id]);

  /** Asks for a URL, puts the bytes, confirms: what the browser does. */
  async function upload(purpose: string, fileName: string, bytes: Buffer, query = '', token = admin) {
    const ticket = await post('/lesson-content/generate-upload-url', token, { purpose, fileName, size: bytes.length });
    expect(ticket.statusCode, ticket.body).toBe(200);
    const { fileId, uploadUrl } = ticket.json();
    expect((await put(uploadUrl, bytes)).statusCode).toBe(201);
    return { fileId: fileId as string, confirm: await post(`/lesson-content/confirm-upload/${fileId}${query}`, token) };
  }

  it('takes an image straight to the store, confirms it by its bytes and serves it with its true type', async () => {
    const ticket = await post('/lesson-content/generate-upload-url', admin, {
      purpose: 'IMAGE',
      fileName: 'Team photo.png',
      size: PNG.length,
    });
    expect(ticket.statusCode).toBe(200);
    expect(ticket.json()).toMatchObject({
      method: 'PUT',
      headers: {},
      maxBytes: 4096,
      uploadUrl: expect.stringMatching(/^\/files\//),
    });
    const { fileId, uploadUrl } = ticket.json();
    expect(await rowsOf(fileId)).toEqual([{ status: 'PENDING' }]);
    // The browser sends the file with whatever type it guessed; only the bytes count.
    expect((await put(uploadUrl, PNG, wsHost, { 'content-type': 'image/x-whatever' })).statusCode).toBe(201);

    const confirmed = await post(`/lesson-content/confirm-upload/${fileId}`, admin);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      fileId,
      purpose: 'IMAGE',
      fileName: 'Team photo.png',
      size: PNG.length,
      contentType: 'image/png',
      status: 'CONFIRMED',
      language: null,
    });
    // Confirming again answers the same file.
    expect((await post(`/lesson-content/confirm-upload/${fileId}`, admin)).json()).toMatchObject({
      fileId,
      status: 'CONFIRMED',
    });

    const shown = await get(confirmed.json().downloadUrl);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.headers['x-content-type-options']).toBe('nosniff');
    expect(shown.headers['content-disposition']).toBe(
      `inline; filename="Team photo.png"; filename*=UTF-8''Team%20photo.png`,
    );
    expect(shown.rawPayload.equals(PNG)).toBe(true);

    // The course reads sign links to confirmed files only, of this workspace only.
    const files = new CourseFiles(server.db, server.fileUrls, LIMITS);
    const pending = (
      await post('/lesson-content/generate-upload-url', admin, { purpose: 'IMAGE', fileName: 'p.png', size: 10 })
    ).json().fileId;
    const links = await files.links(wsId, [fileId, pending]);
    expect([...links.keys()]).toEqual([fileId]);
    expect(links.get(fileId)).toMatchObject({ type: 'image/png', fileName: 'Team photo.png' });
    expect((await get(links.get(fileId)!.url)).rawPayload.equals(PNG)).toBe(true);
    expect((await files.links(other.id, [fileId])).size).toBe(0);

    const events = await server.db.query<{ action: string }>(
      `SELECT action FROM audit_events WHERE target = $1 ORDER BY at, action`,
      [fileId],
    );
    expect(events.map((e) => e.action)).toEqual(['file.upload-started', 'file.uploaded']);
  });

  it('serves a video by byte ranges so the player can seek, and records the language of its captions', async () => {
    const video = mp4(100_000);
    const { confirm } = await upload('VIDEO', 'Module 1.mp4', video, '', employer);
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json()).toMatchObject({ contentType: 'video/mp4', size: video.length });
    const url = confirm.json().downloadUrl;

    const middle = await get(url, { range: 'bytes=50000-50099' });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 50000-50099/${video.length}`);
    expect(middle.headers['content-length']).toBe('100');
    expect(middle.headers['accept-ranges']).toBe('bytes');
    expect(middle.rawPayload.equals(video.subarray(50000, 50100))).toBe(true);
    const rest = await get(url, { range: 'bytes=99990-' });
    expect(rest.rawPayload.equals(video.subarray(99990))).toBe(true);
    const outside = await get(url, { range: `bytes=${video.length}-` });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${video.length}`);

    const captions = await upload('CAPTIONS', 'module-1.hi.vtt', VTT, '?language=HINDI');
    expect(captions.confirm.json()).toMatchObject({ contentType: 'text/vtt', language: 'HINDI' });
    // A browser sending a Blob without a type sends no Content-Type at all.
    const bare = (
      await post('/lesson-content/generate-upload-url', admin, {
        purpose: 'PDF',
        fileName: 'Bare.pdf',
        size: PDF.length,
      })
    ).json();
    const untyped = await server.request(wsHost, { method: 'PUT', url: bare.uploadUrl, payload: PDF });
    expect(untyped.statusCode, untyped.body).toBe(201);
    const pdf = await upload('PDF', 'Policy.pdf', PDF);
    expect(pdf.confirm.json()).toMatchObject({ contentType: 'application/pdf' });
  });

  it('tells Office documents by their parts, and refuses a zip that is none', async () => {
    const docx = await upload('DOCUMENT', 'Handbook.docx', DOCX);
    expect(docx.confirm.statusCode, docx.confirm.body).toBe(200);
    expect(docx.confirm.json().contentType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    // An Office file is downloaded, never opened in the page.
    expect((await get(docx.confirm.json().downloadUrl)).headers['content-disposition']).toMatch(/^attachment;/);
    const xlsx = await upload('DOCUMENT', 'Register.xlsx', XLSX);
    expect(xlsx.confirm.json().contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');

    const before = await stored();
    const zip = await upload('DOCUMENT', 'Handbook.docx', PLAIN_ZIP);
    expect(zip.confirm.statusCode).toBe(415);
    expect(zip.confirm.json().message).toMatch(/not a document/);
    expect(await stored()).toEqual(before);
  });

  it('refuses a file by what its bytes are, whatever it is called, and keeps nothing of it', async () => {
    const before = await stored();
    const renamed = await upload('PDF', 'Policy.pdf', PNG);
    expect(renamed.confirm.statusCode).toBe(415);
    expect(renamed.confirm.json()).toMatchObject({
      code: 'FILE_TYPE_REFUSED',
      message: 'This file is not a PDF. Accepted: PDF.',
    });
    const svg = await upload('IMAGE', 'logo.png', SVG);
    expect(svg.confirm.statusCode).toBe(415);
    expect(svg.confirm.json().message).toMatch(/SVG and HTML files are not accepted/);
    const html = await upload('DOCUMENT', 'page.pdf', HTML);
    expect(html.confirm.statusCode).toBe(415);
    expect(html.confirm.json().message).toMatch(/SVG and HTML/);

    expect(await stored()).toEqual(before);
    for (const { fileId } of [renamed, svg, html]) {
      expect(await rowsOf(fileId)).toEqual([]);
      expect((await post(`/lesson-content/confirm-upload/${fileId}`, admin)).statusCode).toBe(404);
    }
    const refused = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_events WHERE action = 'file.refused' AND target = $1`,
      [svg.fileId],
    );
    expect(refused[0].n).toBe(1);
  });

  it('answers 413 for a file over its limit, before the upload and while it streams, with nothing left on disk', async () => {
    const early = await post('/lesson-content/generate-upload-url', admin, {
      purpose: 'IMAGE',
      fileName: 'huge.png',
      size: 5000,
    });
    expect(early.statusCode).toBe(413);
    expect(early.json()).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'The file is 5 KB; an image may be at most 4 KB.',
    });

    const before = await stored();
    // A browser that declares a small file and sends a large one is cut off mid-stream.
    const ticket = (
      await post('/lesson-content/generate-upload-url', admin, { purpose: 'IMAGE', fileName: 'liar.png', size: 1000 })
    ).json();
    const big = Buffer.concat([PNG, Buffer.alloc(8000, 1)]);
    const cut = await put(ticket.uploadUrl, Readable.from([big.subarray(0, 3000), big.subarray(3000)]));
    expect(cut.statusCode).toBe(413);
    expect(cut.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(await stored()).toEqual(before);
    const confirm = await post(`/lesson-content/confirm-upload/${ticket.fileId}`, admin);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json()).toMatchObject({ code: 'NOT_UPLOADED' });
  });

  it('lets only a signed, unexpired URL put or read, with the method it was signed for', async () => {
    const ticket = (
      await post('/lesson-content/generate-upload-url', admin, {
        purpose: 'IMAGE',
        fileName: 'a.png',
        size: PNG.length,
      })
    ).json();
    const tampered = ticket.uploadUrl.replace(/max=\d+/, 'max=99999999');
    expect((await put(tampered, PNG)).json()).toMatchObject({ code: 'BAD_SIGNATURE' });
    expect((await put(ticket.uploadUrl.replace(/signature=[^&]+/, 'signature=forged'), PNG)).statusCode).toBe(403);
    // An upload URL does not read.
    expect((await get(ticket.uploadUrl)).statusCode).toBe(403);
    expect((await put(ticket.uploadUrl, PNG)).statusCode).toBe(201);
    const { downloadUrl } = (await post(`/lesson-content/confirm-upload/${ticket.fileId}`, admin)).json();
    // A download URL does not write.
    expect((await put(downloadUrl, PNG)).statusCode).toBe(403);
    const key = decodeURIComponent(new URL(downloadUrl, 'http://x').pathname.slice('/files/'.length));
    const expired = await server.fileUrls.downloadUrl(wsId, key, { seconds: -1, disposition: 'inline' });
    expect((await get(expired)).json()).toMatchObject({ code: 'URL_EXPIRED' });
    const expiredUpload = await server.fileUrls.uploadUrl(wsId, 'late.png', { maxBytes: 4096, seconds: -1 });
    expect((await put(expiredUpload.url, PNG)).statusCode).toBe(403);
  });

  it('answers 404 for another workspace’s file, course or URL', async () => {
    const ticket = (
      await post('/lesson-content/generate-upload-url', admin, {
        purpose: 'IMAGE',
        fileName: 'b.png',
        size: PNG.length,
      })
    ).json();
    expect((await put(ticket.uploadUrl, PNG, otherHost)).statusCode).toBe(404);
    expect((await put(ticket.uploadUrl, PNG)).statusCode).toBe(201);
    expect(
      (await post(`/lesson-content/confirm-upload/${ticket.fileId}`, otherAdmin, undefined, otherHost)).statusCode,
    ).toBe(404);
    const { downloadUrl } = (await post(`/lesson-content/confirm-upload/${ticket.fileId}`, admin)).json();
    expect((await get(downloadUrl, {}, otherHost)).statusCode).toBe(404);
    const replace = await post(
      '/lesson-content/generate-upload-url-for-update',
      otherAdmin,
      { fileId: ticket.fileId, fileName: 'c.png', size: 10 },
      otherHost,
    );
    expect(replace.statusCode).toBe(404);
    const cover = await post(
      `/course/generate-upload-url-for-update/${courseId}`,
      otherAdmin,
      { fileName: 'c.png', size: 10 },
      otherHost,
    );
    expect(cover.statusCode).toBe(404);
  });

  it('lets workspace admins and employers upload, not business-unit admins or employees', async () => {
    for (const token of notAuthors) {
      const res = await post('/lesson-content/generate-upload-url', token, {
        purpose: 'IMAGE',
        fileName: 'x.png',
        size: 10,
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it('names the field of bad input', async () => {
    const res = await post('/lesson-content/generate-upload-url', admin, {
      purpose: 'SCRIPT',
      fileName: '../x',
      size: -1,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['fileName', 'purpose', 'size']);
    expect((await post('/lesson-content/confirm-upload/not-an-id', admin)).statusCode).toBe(400);
    const other = (
      await post('/lesson-content/generate-upload-url', admin, { purpose: 'IMAGE', fileName: 'x.png', size: 10 })
    ).json();
    expect(
      (await post(`/lesson-content/confirm-upload/${other.fileId}?language=KLINGON`, admin)).json().fields,
    ).toHaveProperty('language');
  });

  it('sets a course’s cover image once it is confirmed, and replaces a file with one of the same kind', async () => {
    const ticket = await post(`/course/generate-upload-url-for-update/${courseId}`, admin, {
      fileName: 'cover.png',
      size: PNG.length,
    });
    expect(ticket.statusCode, ticket.body).toBe(200);
    const { fileId, uploadUrl } = ticket.json();
    expect((await put(uploadUrl, PNG)).statusCode).toBe(201);
    const confirmed = await post(`/lesson-content/confirm-upload/${fileId}`, admin);
    expect(confirmed.json()).toMatchObject({ coverOfCourseId: courseId, contentType: 'image/png' });
    // The course's details and its row of the list name the cover; the UI resolves it to a signed URL by
    // confirming it again (a confirmed file answers itself).
    const details = await server.request(wsHost, {
      method: 'GET',
      url: `${BASE}/course/details/${courseId}`,
      token: admin,
    });
    expect(details.json().coverFileId).toBe(fileId);
    const list = await server.request(wsHost, { method: 'GET', url: `${BASE}/course/all?pageSize=300`, token: admin });
    expect(list.json().items.find((c: { courseId: string }) => c.courseId === courseId).coverFileId).toBe(fileId);
    const again = await post(`/lesson-content/confirm-upload/${fileId}`, admin);
    expect(again.json()).toMatchObject({ fileId, contentType: 'image/png' });
    expect((await get(again.json().downloadUrl)).rawPayload.equals(PNG)).toBe(true);
    expect(
      (
        await post(`/course/generate-upload-url-for-update/00000000-0000-4000-8000-000000000000`, admin, {
          fileName: 'c.png',
          size: 10,
        })
      ).statusCode,
    ).toBe(404);

    // A replacement takes the old file's purpose: an image stays an image.
    const replace = await post('/lesson-content/generate-upload-url-for-update', admin, {
      fileId,
      fileName: 'cover-2.pdf',
      size: PDF.length,
    });
    expect(replace.statusCode).toBe(200);
    expect((await put(replace.json().uploadUrl, PDF)).statusCode).toBe(201);
    const refused = await post(`/lesson-content/confirm-upload/${replace.json().fileId}`, admin);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toMatch(/not an image/);
  });

  it('gives the authors signed links to every file a course shows, and nobody else', async () => {
    // A course with a lesson that shows an uploaded video.
    const clip = await upload('VIDEO', 'Module 1.mp4', mp4(50_000));
    expect(clip.confirm.statusCode, clip.confirm.body).toBe(200);
    const course = { id: await buildCourse(server, ws) };
    const lesson = (await post(`/lesson/create/${course.id}`, admin, { title: 'Watch' })).json();
    const block = await post('/lesson-content/create', admin, {
      lessonId: lesson.lessonId,
      block: {
        type: 'VIDEO',
        alignment: 'CENTER',
        fileId: clip.fileId,
        durationSeconds: 60,
        texts: { ENGLISH: { title: 'Module 1', transcript: 'Welcome.' } },
      },
    });
    expect(block.statusCode, block.body).toBe(200);
    const links = (token: string, id = course.id, host = wsHost) =>
      server.request(host, { method: 'GET', url: `${BASE}/lesson-content/course-files/${id}`, token });
    const before = await links(employer);
    expect(before.statusCode, before.body).toBe(200);
    const video = before.json().links.find((l: { fileId: string }) => l.fileId === clip.fileId);
    expect(video).toMatchObject({ purpose: 'VIDEO', contentType: 'video/mp4', expiresAt: expect.any(String) });
    expect((await get(video.url, { range: 'bytes=0-9' })).statusCode).toBe(206);

    // A cover given afterwards is among them, with its bytes behind its link.
    const ticket = await post(`/course/generate-upload-url-for-update/${course.id}`, admin, {
      fileName: 'cover.png',
      size: PNG.length,
    });
    expect((await put(ticket.json().uploadUrl, PNG)).statusCode).toBe(201);
    expect((await post(`/lesson-content/confirm-upload/${ticket.json().fileId}`, admin)).statusCode).toBe(200);
    const after = (await links(admin)).json().links as {
      fileId: string;
      url: string;
      purpose: string;
      fileName: string;
    }[];
    const cover = after.find((l) => l.fileId === ticket.json().fileId)!;
    expect(cover).toMatchObject({ purpose: 'IMAGE', fileName: 'cover.png' });
    expect((await get(cover.url)).rawPayload.equals(PNG)).toBe(true);
    // A file uploaded but shown by no block is not the course's.
    const loose = await upload('IMAGE', 'loose.png', PNG);
    expect(after.map((l) => l.fileId)).not.toContain(loose.fileId);

    // Learners and other workspaces: refused, and another workspace's course does not exist.
    expect((await links(notAuthors[1]!)).statusCode).toBe(403);
    expect((await links(otherAdmin, course.id, otherHost)).statusCode).toBe(404);
    expect((await links(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('tells the browser the limits before any upload', async () => {
    const config = await server.request(wsHost, { method: 'GET', url: '/config.json' });
    expect(config.json().uploadLimits).toEqual(LIMITS);
  });
});
