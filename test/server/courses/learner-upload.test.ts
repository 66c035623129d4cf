import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LessonBlock } from '../../../src/contracts/learning/blocks.contract';
import type { UploadLimits } from '../../../src/domain/files/uploads';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { PDF, PNG, SVG } from '../support/sample-files';
import { EVERY_BLOCK } from './authoring-fixtures';
import { API, assign, auditActions, buildCourse, type BuiltCourse } from '../training/player-fixtures';
import { buildUser, buildWorkspace, type BuiltUser, type BuiltWorkspace } from '../support/factories';

const LIMITS: UploadLimits = { VIDEO: 256 * 1024, IMAGE: 4096, PDF: 64 * 1024, CAPTIONS: 4096, DOCUMENT: 64 * 1024 };

const ASK: LessonBlock = {
  type: 'ASK_TO_UPLOAD_RESOURCE',
  alignment: 'LEFT',
  required: true,
  accept: ['PDF', 'IMAGE'],
  texts: { ENGLISH: { prompt: 'Upload your signed form' }, HINDI: { prompt: 'अपना हस्ताक्षरित फ़ॉर्म अपलोड करें' } },
} as LessonBlock;
const TEXT = EVERY_BLOCK.find((b) => b.type === 'TEXT_AREA')!;

/**
 * The learner's file for an ask-for-a-file block, through the API as the player uses it: an upload URL for that
 * block of an assigned course only, the bytes PUT, the confirm judged by the bytes, the answer saved, and on resume the
 * handed-in file named with a link the learner can open.
 */
describe.each(DATABASES)('a learner hands in a file on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let elsewhere: BuiltWorkspace;
  let otherEmployee: BuiltUser;
  let admin: string;
  let course: BuiltCourse;
  const learners: { email: string; id: string; token: string }[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind, { uploadLimits: LIMITS });
    ws = await buildWorkspace(server);
    elsewhere = await buildWorkspace(server);
    otherEmployee = await buildUser(server, elsewhere);
    admin = ws.admin.token;
    course = await buildCourse(server, admin, ws.id, {}, [ASK, TEXT], false, ws.host);
    for (let i = 0; i < 3; i++) learners.push(await buildUser(server, ws));
    // The first two are assigned; the third is not.
    await assign(server, admin, course.courseId, [learners[0].id, learners[1].id], ws.host);
  });
  afterAll(async () => server?.close());

  const post = (url: string, token: string, payload?: object, host = ws.host) =>
    server.request(host, { method: 'POST', url: `${API}${url}`, token, ...(payload ? { payload } : {}) });
  const ticketFor = (
    token: string,
    fileName: string,
    size: number,
    blockId = course.blocks.ASK_TO_UPLOAD_RESOURCE,
    host = ws.host,
  ) => post('/user-course-content/upload-url', token, { courseId: course.courseId, blockId, fileName, size }, host);
  const putBytes = (url: string, bytes: Buffer) =>
    server.request(ws.host, {
      method: 'PUT',
      url,
      payload: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    });
  const handIn = (token: string, fileId: string) =>
    server.request(ws.host, {
      method: 'PUT',
      url: `${API}/user-course-content/answer`,
      token,
      payload: {
        courseId: course.courseId,
        blockId: course.blocks.ASK_TO_UPLOAD_RESOURCE,
        answer: { type: 'ASK_TO_UPLOAD_RESOURCE', fileId },
      },
    });
  const askBlock = async (token: string) => {
    const view = await server.request(ws.host, { method: 'GET', url: `${API}/user-course/${course.courseId}`, token });
    expect(view.statusCode, view.body).toBe(200);
    const lesson = view.json().contents.find((c: { kind: string }) => c.kind === 'LESSON');
    return lesson.blocks.find((b: { blockId: string }) => b.blockId === course.blocks.ASK_TO_UPLOAD_RESOURCE);
  };

  it('gives the assigned learner an upload URL, takes the file, saves it as the answer and names it on resume', async () => {
    const [esha] = learners;
    const ticket = await ticketFor(esha.token, 'Signed form.pdf', PDF.length);
    expect(ticket.statusCode, ticket.body).toBe(200);
    expect(ticket.json()).toMatchObject({ method: 'PUT', maxBytes: LIMITS.PDF });
    const { fileId, uploadUrl } = ticket.json();
    expect((await putBytes(uploadUrl, PDF)).statusCode).toBe(201);
    const confirmed = await post(`/user-course-content/confirm-upload/${fileId}`, esha.token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      fileId,
      fileName: 'Signed form.pdf',
      contentType: 'application/pdf',
      status: 'CONFIRMED',
    });

    // Before handing in, the block has nothing handed in.
    expect((await askBlock(esha.token)).state.answer).toBeNull();
    const saved = await handIn(esha.token, fileId);
    expect(saved.statusCode, saved.body).toBe(200);

    const block = await askBlock(esha.token);
    expect(block.state.answer).toEqual({ type: 'ASK_TO_UPLOAD_RESOURCE', fileId });
    expect(block.state.handedIn).toMatchObject({ fileId, fileName: 'Signed form.pdf', contentType: 'application/pdf' });
    const download = await server.request(ws.host, { method: 'GET', url: block.state.handedIn.url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);

    // The admin of the workspace sees the file in the course's Members list, with a link that opens it.
    const members = await server.request(ws.host, {
      method: 'GET',
      url: `${API}/course/${course.courseId}/members`,
      token: admin,
    });
    expect(members.statusCode, members.body).toBe(200);
    const row = members.json().items.find((m: { userId: string }) => m.userId === esha.id);
    expect(row.handedIn).toEqual([
      { blockId: course.blocks.ASK_TO_UPLOAD_RESOURCE, fileId, fileName: 'Signed form.pdf', url: expect.any(String) },
    ]);
    expect((await server.request(ws.host, { method: 'GET', url: row.handedIn[0].url })).rawPayload.equals(PDF)).toBe(
      true,
    );
    const other = members.json().items.find((m: { userId: string }) => m.userId === learners[1].id);
    expect(other.handedIn ?? []).toEqual([]);
    // Another workspace's admin cannot read the list.
    const globexAdmin = elsewhere.admin.token;
    expect(
      (
        await server.request(elsewhere.host, {
          method: 'GET',
          url: `${API}/course/${course.courseId}/members`,
          token: globexAdmin,
        })
      ).statusCode,
    ).toBe(404);

    const started = await auditActions(server, ws.id, 'file.upload-started');
    expect(started.filter((e) => e.target === fileId && e.actor_user_id === esha.id)).toHaveLength(1);
    expect((await auditActions(server, ws.id, 'file.uploaded')).filter((e) => e.target === fileId)).toHaveLength(1);
  });

  it('takes an image the block accepts, refuses an SVG (415) and a file over the limit (413), keeping nothing', async () => {
    const [esha] = learners;
    const image = await ticketFor(esha.token, 'photo.png', PNG.length);
    expect(image.statusCode, image.body).toBe(200);
    expect(image.json().maxBytes).toBe(LIMITS.IMAGE);
    expect((await putBytes(image.json().uploadUrl, PNG)).statusCode).toBe(201);
    expect((await post(`/user-course-content/confirm-upload/${image.json().fileId}`, esha.token)).json()).toMatchObject(
      { contentType: 'image/png' },
    );

    const svg = await ticketFor(esha.token, 'form.png', SVG.length);
    expect(svg.statusCode).toBe(200);
    expect((await putBytes(svg.json().uploadUrl, SVG)).statusCode).toBe(201);
    const refused = await post(`/user-course-content/confirm-upload/${svg.json().fileId}`, esha.token);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().fields).toHaveProperty('file');
    expect(await server.db.query(`SELECT 1 FROM files WHERE id = $1`, [svg.json().fileId])).toHaveLength(0);

    const tooLarge = await ticketFor(esha.token, 'scan.pdf', LIMITS.PDF + 1);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().fields).toHaveProperty('file');
  });

  it('answers 404 to a learner not assigned, to another workspace, and for a block that asks for no file', async () => {
    const [esha, , notAssigned] = learners;
    expect((await ticketFor(notAssigned.token, 'form.pdf', PDF.length)).statusCode).toBe(404);
    expect((await ticketFor(esha.token, 'form.pdf', PDF.length, course.blocks.TEXT_AREA)).statusCode).toBe(404);
    const globex = otherEmployee.token;
    expect(
      (await ticketFor(globex, 'form.pdf', PDF.length, course.blocks.ASK_TO_UPLOAD_RESOURCE, elsewhere.host))
        .statusCode,
    ).toBe(404);
    // Bad input names the field.
    const bad = await post('/user-course-content/upload-url', esha.token, {
      courseId: course.courseId,
      blockId: course.blocks.ASK_TO_UPLOAD_RESOURCE,
      fileName: 'a/b.pdf',
      size: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['fileName', 'size']));
  });

  it('lets no learner confirm or hand in someone else’s file', async () => {
    const [esha, farah] = learners;
    const ticket = (await ticketFor(esha.token, 'mine.pdf', PDF.length)).json();
    expect((await putBytes(ticket.uploadUrl, PDF)).statusCode).toBe(201);
    expect((await post(`/user-course-content/confirm-upload/${ticket.fileId}`, farah.token)).statusCode).toBe(404);
    expect((await post(`/user-course-content/confirm-upload/${ticket.fileId}`, esha.token)).statusCode).toBe(200);
    const stolen = await handIn(farah.token, ticket.fileId);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().fields).toHaveProperty(['answer.fileId']);
    expect((await askBlock(farah.token)).state.answer).toBeNull();
    // The authors' calls stay the authors': a learner cannot use them.
    expect((await post(`/lesson-content/confirm-upload/${ticket.fileId}`, farah.token)).statusCode).toBe(403);
  });
});
