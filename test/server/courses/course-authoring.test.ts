import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_TYPES } from '../../../src/contracts/learning/blocks.contract';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { EVERY_BLOCK, FILES, QUESTION, registerFiles } from './authoring-fixtures';
import {
  buildLearningWorkspace,
  buildPlatformAdmin,
  buildUnitUser,
  buildUser,
  buildWorkspace,
  type BuiltLearningWorkspace,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';

const API = '/learning-api/api';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(DATABASES)('course authoring on %s', (kind) => {
  let server: TestServer;
  let facts: BuiltLearningWorkspace;
  let wsHost: string;
  let otherHost: string;
  let other: BuiltWorkspace;
  let esha: BuiltUser;
  let employerUser: BuiltUser;
  let admin: string;
  let employer: string;
  let buAdmin: string;
  let employee: string;
  let globex: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    facts = await buildLearningWorkspace(server);
    other = await buildWorkspace(server);
    wsHost = facts.ws.host;
    otherHost = other.host;
    await registerFiles(server, facts.workspaceId);
    admin = facts.ws.admin.token;
    employerUser = await buildUser(server, facts.ws, { role: 'EMPLOYER' });
    employer = employerUser.token;
    buAdmin = (await buildUnitUser(server, facts.ws, facts.pune, { role: 'BRANCH_ADMIN' })).token;
    esha = await buildUser(server, facts.ws, { firstName: 'Esha', lastName: 'Employee' });
    employee = esha.token;
    globex = other.admin.token;
  });
  afterAll(async () => server?.close());

  const call = (method: Method, url: string, token: string, payload?: object, host = wsHost) =>
    server.request(host, { method, url: `${API}${url}`, token, ...(payload ? { payload } : {}) });
  const ok = async (method: Method, url: string, payload?: object, token = admin) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const auditOf = (target: string) =>
    server.db.tenant(facts.workspaceId, (tx) =>
      tx.query<{ action: string; actor_user_id: string | null; at: Date }>(
        `SELECT action, actor_user_id, at FROM audit_events WHERE workspace_id = $1 AND target = $2 ORDER BY id`,
        [facts.workspaceId, target],
      ),
    );

  /** A draft course in English and Hindi with a lesson of every block type and a quiz of two questions. */
  async function writeCourse(title: string, token = admin) {
    const { courseId } = await ok(
      'POST',
      '/course/create',
      { title, description: 'For everyone', language: 'ENGLISH' },
      token,
    );
    await ok(
      'POST',
      '/course/language',
      { courseId, language: 'HINDI', title: `${title} (हिन्दी)`, description: 'सभी के लिए' },
      token,
    );
    const lesson = await ok('POST', `/lesson/create/${courseId}`, { title: 'Every block' }, token);
    await ok('PUT', `/lesson/update/${lesson.lessonId}`, { title: 'हर ब्लॉक', language: 'HINDI' }, token);
    const blocks = [];
    for (const block of EVERY_BLOCK)
      blocks.push(await ok('POST', '/lesson-content/create', { lessonId: lesson.lessonId, block }, token));
    const quiz = await ok(
      'POST',
      '/quiz/create',
      { courseId, title: 'Check', passMark: 80, maxAttempts: 2, answerReveal: 'AFTER_LAST_ATTEMPT' },
      token,
    );
    await ok('PUT', '/quiz/update', { quizId: quiz.quizId, title: 'जाँच', language: 'HINDI' }, token);
    const q1 = await ok('POST', `/quiz-question/add/${quiz.quizId}`, QUESTION, token);
    const q2 = await ok(
      'POST',
      `/quiz-question/add/${quiz.quizId}`,
      {
        kind: 'MULTIPLE',
        texts: {
          ENGLISH: { text: 'Which are forms of harassment?', explanation: 'Both are.' },
          HINDI: { text: 'उत्पीड़न के कौन-से रूप हैं?' },
        },
        options: [
          { key: 'a', correct: true, texts: { ENGLISH: 'Remarks', HINDI: 'टिप्पणियाँ' } },
          { key: 'b', correct: true, texts: { ENGLISH: 'Gestures', HINDI: 'इशारे' } },
        ],
      },
      token,
    );
    return {
      courseId,
      lessonId: lesson.lessonId as string,
      quizId: quiz.quizId as string,
      blocks,
      questions: [q1, q2],
    };
  }

  it('lets an admin write a course with every block type in English and Hindi, and serves it in either language', async () => {
    const course = await writeCourse('Respect at work');
    expect(course.blocks.map((b) => b.type)).toEqual([...BLOCK_TYPES]);
    expect(course.blocks.map((b) => b.position)).toEqual(BLOCK_TYPES.map((_, i) => i));

    const hindi = await ok('GET', `/lesson-content/all/${course.lessonId}?language=HINDI`);
    expect(hindi).toMatchObject({ total: 16, page: 0, pageSize: 100, language: 'HINDI', primaryLanguage: 'ENGLISH' });
    for (const [i, served] of hindi.items.entries()) {
      // The stored block is the block written, field by field (defaults included), with its id.
      expect(served.block).toEqual({ ...EVERY_BLOCK[i], blockId: served.blockId });
      expect(served).toMatchObject({ language: 'HINDI', fallback: false, missing: [] });
    }
    const second = await ok('GET', `/lesson-content/all/${course.lessonId}?language=HINDI&page=1&pageSize=10`);
    expect(second.items.map((b: { type: string }) => b.type)).toEqual(BLOCK_TYPES.slice(10));
    expect((await call('GET', `/lesson-content/all/${course.lessonId}?pageSize=101`, admin)).statusCode).toBe(400);

    const details = await ok('GET', `/course/details/${course.courseId}?language=HINDI`);
    expect(details).toMatchObject({
      status: 'DRAFT',
      language: 'HINDI',
      primaryLanguage: 'ENGLISH',
      title: 'Respect at work (हिन्दी)',
      version: 1,
      publishedVersion: null,
      missingTranslations: [
        { language: 'ENGLISH', count: 0 },
        { language: 'HINDI', count: 0 },
      ],
      checklist: { problems: [] },
    });
    expect(details.contents.map((c: { kind: string; title: string }) => [c.kind, c.title])).toEqual([
      ['LESSON', 'हर ब्लॉक'],
      ['QUIZ', 'जाँच'],
    ]);
    const quiz = details.contents[1];
    expect(quiz.quiz).toEqual({ passMark: 80, maxAttempts: 2, answerReveal: 'AFTER_LAST_ATTEMPT' });
    expect(quiz.questions[0]).toMatchObject({ text: 'शिकायत कौन प्राप्त करता है?', kind: 'SINGLE', language: 'HINDI' });
    expect(
      quiz.questions[0].options.map((o: { key: string; text: string; correct: boolean }) => [o.key, o.text, o.correct]),
    ).toEqual([
      ['ic', 'आंतरिक समिति', true],
      ['boss', 'आपके प्रबंधक', false],
      ['none', 'कोई नहीं', false],
    ]);
    // The image has Hindi alternative text, the video captions and transcripts in both: no warnings.
    expect(details.checklist.warnings).toEqual([]);

    const questions = await ok('GET', `/quiz-question/all/${course.quizId}?language=HINDI`);
    expect(questions).toMatchObject({ total: 2, pageSize: 100, language: 'HINDI' });
    expect(questions.items[1]).toMatchObject({ kind: 'MULTIPLE', multiple: true, text: 'उत्पीड़न के कौन-से रूप हैं?' });

    // Who did what, when: one event per change, by the admin.
    const events = await auditOf(course.courseId);
    expect(events.map((e) => e.action)).toEqual(['course.created', 'course.language-added']);
    expect((await auditOf(course.blocks[0].blockId)).map((e) => e.action)).toEqual(['lesson-block.created']);
    expect((await auditOf(course.questions[0].questionId)).map((e) => e.action)).toEqual(['quiz-question.added']);
  });

  it('counts the missing translations per language and serves the primary words for an untranslated block, flagged', async () => {
    const { courseId } = await ok('POST', '/course/create', { title: 'Partly translated' });
    await ok('POST', '/course/language', { courseId, language: 'HINDI' });
    const lesson = await ok('POST', `/lesson/create/${courseId}`, { title: 'Lesson' });
    const englishOnly = { type: 'TEXT_AREA', texts: { ENGLISH: { body: 'Only in English' } } };
    const block = await ok('POST', '/lesson-content/create', { lessonId: lesson.lessonId, block: englishOnly });
    const half = {
      type: 'MULTIPLE_CHOICE',
      options: [
        { key: 'a', correct: true },
        { key: 'b', correct: false },
      ],
      texts: { ENGLISH: { prompt: 'Q', options: { a: 'A', b: 'B' } }, HINDI: { prompt: 'प्र', options: { a: 'क' } } },
    };
    await ok('POST', '/lesson-content/create', { lessonId: lesson.lessonId, block: half });

    const hindi = await ok('GET', `/lesson-content/all/${lesson.lessonId}?language=HINDI`);
    expect(hindi.items[0]).toMatchObject({
      blockId: block.blockId,
      language: 'ENGLISH',
      fallback: true,
      missing: ['all'],
    });
    expect(hindi.items[1]).toMatchObject({ language: 'ENGLISH', fallback: true, missing: ['options.b'] });
    const details = await ok('GET', `/course/details/${courseId}?language=HINDI`);
    // Hindi lacks: the course title, the lesson title, both blocks.
    expect(details.missingTranslations).toEqual([
      { language: 'ENGLISH', count: 0 },
      { language: 'HINDI', count: 4 },
    ]);
    expect(details.title).toBe('Partly translated');
    expect(details.contents[0].blocks[0]).toMatchObject({ language: 'ENGLISH', fallback: true });
  });

  it('refuses to publish, naming what is missing, and publishes with the warnings once complete', async () => {
    const { courseId } = await ok('POST', '/course/create', { title: 'To publish' });
    let res = await call('POST', `/course/publish/${courseId}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'COURSE_INCOMPLETE',
      fields: { lessons: 'Add at least one lesson with content' },
    });

    const lesson = await ok('POST', `/lesson/create/${courseId}`, { title: 'One' });
    await ok('POST', '/course/language', { courseId, language: 'HINDI', title: 'प्रकाशन' });
    // The primary language incomplete: a TEXT_AREA with Hindi words only.
    const block = await ok('POST', '/lesson-content/create', {
      lessonId: lesson.lessonId,
      block: { type: 'TEXT_AREA', texts: { HINDI: { body: 'केवल हिन्दी' } } },
    });
    const quiz = await ok('POST', '/quiz/create', { courseId, title: 'Empty quiz' });
    res = await call('POST', `/course/publish/${courseId}`, admin);
    expect(res.statusCode).toBe(409);
    const fields = res.json().fields;
    expect(Object.keys(fields).sort()).toEqual(['language.ENGLISH', `quiz.${quiz.quizId}`]);
    expect(fields[`quiz.${quiz.quizId}`]).toContain('has no questions');
    expect(fields['language.ENGLISH']).toContain('TEXT_AREA');
    expect((await ok('GET', `/course/details/${courseId}`)).checklist.problems).toHaveLength(2);

    await ok('PUT', '/lesson-content/update', {
      blockId: block.blockId,
      block: { type: 'TEXT_AREA', texts: { ENGLISH: { body: 'English too' }, HINDI: { body: 'केवल हिन्दी' } } },
    });
    await ok('POST', `/quiz-question/add/${quiz.quizId}`, QUESTION);
    // An image without alternative text in Hindi, a video without captions: warnings, not refusals.
    await ok('POST', '/lesson-content/create', {
      lessonId: lesson.lessonId,
      block: { type: 'IMAGE', fileId: FILES.image, texts: { ENGLISH: { altText: 'A desk' }, HINDI: { altText: '' } } },
    });
    await ok('POST', '/lesson-content/create', {
      lessonId: lesson.lessonId,
      block: { type: 'VIDEO', fileId: FILES.video, texts: { ENGLISH: { transcript: 'Hi' } } },
    });
    const published = await ok('POST', `/course/publish/${courseId}`);
    expect(published).toMatchObject({ courseId, version: 1, status: 'PUBLISHED' });
    expect(published.warnings.map((w: { code: string; language: string }) => `${w.code} ${w.language}`).sort()).toEqual(
      ['IMAGE_WITHOUT_ALT_TEXT HINDI', 'VIDEO_WITHOUT_CAPTIONS ENGLISH', 'VIDEO_WITHOUT_CAPTIONS HINDI'],
    );
    expect((await auditOf(courseId)).map((e) => e.action)).toContain('course.published');
    const listed = await ok('GET', '/course/all?search=To%20publish');
    expect(listed.items).toEqual([
      expect.objectContaining({
        courseId,
        status: 'PUBLISHED',
        lessonCount: 1,
        quizCount: 1,
        assignedCount: 0,
        publishedVersion: 1,
      }),
    ]);
  });

  it('keeps versions: editing a published course drafts the next one, learners keep the version they were given', async () => {
    const course = await writeCourse('Versioned');
    await ok('POST', `/course/publish/${course.courseId}`);
    const first = [esha];
    await ok('POST', '/course/assign-course-to-users', { courseId: course.courseId, userIds: [first[0].id] });

    await ok('PUT', `/course/update/${course.courseId}`, { title: 'Versioned, revised' });
    let details = await ok('GET', `/course/details/${course.courseId}`);
    expect(details).toMatchObject({
      status: 'PUBLISHED',
      version: 2,
      publishedVersion: 1,
      hasDraftChanges: true,
      title: 'Versioned, revised',
    });
    // A second edit stays in the same draft.
    await ok('PUT', `/lesson/update/${course.lessonId}`, { title: 'Every block, revised' });
    expect((await ok('GET', `/course/details/${course.courseId}`)).version).toBe(2);

    const v2 = await ok('POST', `/course/publish/${course.courseId}`);
    expect(v2.version).toBe(2);
    // Publishing again without a change is the same version.
    expect((await ok('POST', `/course/publish/${course.courseId}`)).version).toBe(2);
    const second = [employerUser];
    await ok('POST', '/course/assign-course-to-users', {
      courseId: course.courseId,
      userIds: [second[0].id, first[0].id],
    });
    details = await ok('GET', `/course/details/${course.courseId}`);
    expect(details.versions).toEqual([
      expect.objectContaining({ version: 2, learners: 1 }),
      expect.objectContaining({ version: 1, learners: 1 }),
    ]);
    // Version 1 stays frozen as it was published: the old titles.
    const [snapshot] = await server.db.tenant(facts.workspaceId, (tx) =>
      tx.query<{ snapshot: { languages: { title: string }[]; contents: { titles: Record<string, string> }[] } }>(
        `SELECT snapshot FROM course_versions WHERE workspace_id = $1 AND course_id = $2 AND version = 1`,
        [facts.workspaceId, course.courseId],
      ),
    );
    expect(snapshot.snapshot.languages[0].title).toBe('Versioned');
    expect(snapshot.snapshot.contents[0].titles.ENGLISH).toBe('Every block');
    // A course people have cannot be deleted.
    const del = await call('DELETE', `/course/delete/${course.courseId}`, admin);
    expect(del.statusCode).toBe(409);
  });

  it('clones a course with every block type in two languages, field by field, in one transaction', async () => {
    const source = await writeCourse('Original');
    await ok('PUT', `/course/${source.courseId}/reminder-toggle`, { enabled: true });
    const { courseId } = await ok('POST', '/course/clone', { courseId: source.courseId });
    expect(courseId).not.toBe(source.courseId);
    for (const language of ['ENGLISH', 'HINDI']) {
      const a = await ok('GET', `/course/details/${source.courseId}?language=${language}`);
      const b = await ok('GET', `/course/details/${courseId}?language=${language}`);
      expect(b).toMatchObject({
        status: 'DRAFT',
        version: 1,
        publishedVersion: null,
        reminderEnabled: true,
        languages: a.languages,
      });
      expect(b.title).toBe(language === 'ENGLISH' ? 'Original (copy)' : a.title);
      expect(b.missingTranslations).toEqual(a.missingTranslations);
      expect(b.contents).toHaveLength(a.contents.length);
      for (const [i, content] of a.contents.entries()) {
        const copy = b.contents[i];
        expect(copy.contentId).not.toBe(content.contentId);
        expect({ ...copy, contentId: 'x', blocks: [], questions: [] }).toEqual({
          ...content,
          contentId: 'x',
          blocks: [],
          questions: [],
        });
        expect(copy.blocks).toHaveLength(content.blocks.length);
        for (const [j, block] of content.blocks.entries()) {
          const c = copy.blocks[j];
          expect(c.blockId).not.toBe(block.blockId);
          expect(c.lessonId).toBe(copy.contentId);
          expect({ ...c.block, blockId: 'x' }).toEqual({ ...block.block, blockId: 'x' });
          expect({ ...c, blockId: 'x', lessonId: 'x', block: null }).toEqual({
            ...block,
            blockId: 'x',
            lessonId: 'x',
            block: null,
          });
        }
        for (const [j, question] of content.questions.entries()) {
          const c = copy.questions[j];
          expect(c.questionId).not.toBe(question.questionId);
          const strip = (q: typeof question) => ({
            ...q,
            questionId: 'x',
            quizId: 'x',
            options: q.options.map((o: { optionId: string }) => ({ ...o, optionId: 'x' })),
          });
          expect(strip(c)).toEqual(strip(question));
        }
      }
    }
    // File references are copied: the same file ids.
    const files = await server.db.tenant(facts.workspaceId, (tx) =>
      tx.query<{ course_id: string; files: string[] }>(
        `SELECT c.course_id, array_agg(b.block->>'fileId' ORDER BY b.position) AS files FROM lesson_blocks b
           JOIN course_contents c ON c.workspace_id = b.workspace_id AND c.id = b.content_id
          WHERE b.workspace_id = $1 AND c.course_id = ANY($2::uuid[]) AND b.block ? 'fileId' GROUP BY c.course_id`,
        [facts.workspaceId, [source.courseId, courseId]],
      ),
    );
    expect(files).toHaveLength(2);
    expect(files[0].files).toEqual([FILES.image, FILES.video, FILES.pdf]);
    expect(files[1].files).toEqual(files[0].files);
    expect((await auditOf(courseId)).map((e) => e.action)).toEqual(['course.cloned']);
    expect(
      (await call('POST', '/course/clone', admin, { courseId: '00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
  });

  it('lets a block name only a confirmed upload of this workspace of a kind that fits (400 naming the field)', async () => {
    const globexWs = other;
    const theirs = '0f000000-0000-4000-8000-0000000000aa';
    await registerFiles(server, globexWs.id, { image: theirs });
    const pending = (
      await ok('POST', '/lesson-content/generate-upload-url', { purpose: 'IMAGE', fileName: 'later.png', size: 10 })
    ).fileId;
    const { courseId } = await ok('POST', '/course/create', { title: 'Files', language: 'ENGLISH' });
    const lesson = await ok('POST', `/lesson/create/${courseId}`, { title: 'One' });
    const image = (fileId: string) => ({ type: 'IMAGE', fileId, texts: { ENGLISH: { altText: 'A desk' } } });
    const refused = async (block: object, field: string) => {
      const res = await call('POST', '/lesson-content/create', admin, { lessonId: lesson.lessonId, block });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
      return res.json().fields[field] as string;
    };
    // Another workspace's file, a file never confirmed, an id nobody uploaded: no such file.
    expect(await refused(image(theirs), 'block.fileId')).toMatch(/No uploaded file/);
    expect(await refused(image(pending), 'block.fileId')).toMatch(/No uploaded file/);
    expect(await refused(image('0f000000-0000-4000-8000-0000000000bb'), 'block.fileId')).toMatch(/No uploaded file/);
    // The wrong kind: a PDF shown as an image, a video as captions.
    expect(await refused(image(FILES.pdf), 'block.fileId')).toMatch(/is a PDF, not an image/);
    const video = { type: 'VIDEO', fileId: FILES.video, texts: { ENGLISH: { captionsFileId: FILES.video } } };
    expect(await refused(video, 'block.texts.ENGLISH.captionsFileId')).toMatch(/is a video, not WebVTT captions/);
    expect(await refused({ ...video, fileId: FILES.captionsEn, texts: { ENGLISH: {} } }, 'block.fileId')).toMatch(
      /not a video/,
    );
    expect((await ok('GET', `/lesson-content/all/${lesson.lessonId}`)).total).toBe(0);

    // The right files: 200; an update is checked the same way.
    const block = await ok('POST', '/lesson-content/create', {
      lessonId: lesson.lessonId,
      block: { ...video, texts: { ENGLISH: { captionsFileId: FILES.captionsEn } } },
    });
    expect(block.block).toMatchObject({
      fileId: FILES.video,
      texts: { ENGLISH: { captionsFileId: FILES.captionsEn } },
    });
    const update = await call('PUT', '/lesson-content/update', admin, { blockId: block.blockId, block: image(theirs) });
    expect(update.statusCode).toBe(400);
    expect(update.json().fields).toHaveProperty(['block.fileId']);
    await ok('PUT', '/lesson-content/update', { blockId: block.blockId, block: image(FILES.image) });

    // A clone shares the file; deleting the original course deletes no file another course still shows.
    const copy = await ok('POST', '/course/clone', { courseId });
    await ok('DELETE', `/course/delete/${courseId}`);
    const left = await server.db.tenant(facts.workspaceId, (tx) =>
      tx.query(`SELECT id FROM files WHERE workspace_id = $1 AND id = $2 AND status = 'CONFIRMED'`, [
        facts.workspaceId,
        FILES.image,
      ]),
    );
    expect(left).toHaveLength(1);
    const shown = await ok('GET', `/course/details/${copy.courseId}`);
    expect(shown.contents[0].blocks[0].block.fileId).toBe(FILES.image);
  });

  it('reorders contents, blocks and questions; deletes blocks, options, questions, lessons, quizzes and courses', async () => {
    const course = await writeCourse('Reorder');
    const extra = await ok('POST', `/lesson/create/${course.courseId}`, { title: 'Third' });
    const order = await ok('PUT', `/course/${course.courseId}/content/reorder`, {
      contentIds: [extra.lessonId, course.quizId, course.lessonId],
    });
    expect(order.map((c: { contentId: string; position: number }) => [c.contentId, c.position])).toEqual([
      [extra.lessonId, 0],
      [course.quizId, 1],
      [course.lessonId, 2],
    ]);
    const bad = await call('PUT', `/course/${course.courseId}/content/reorder`, admin, {
      contentIds: [extra.lessonId, course.quizId],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.contentIds).toContain('missing');

    // Move the last block to the top, then delete it: the rest close up.
    const last = course.blocks[15];
    const moved = await ok('PUT', '/lesson-content/update', {
      blockId: last.blockId,
      block: EVERY_BLOCK[15],
      position: 0,
    });
    expect(moved.position).toBe(0);
    let blocks = (await ok('GET', `/lesson-content/all/${course.lessonId}`)).items;
    expect(blocks.map((b: { type: string }) => b.type)).toEqual(['VOTE', ...BLOCK_TYPES.slice(0, 15)]);
    await ok('DELETE', `/lesson-content/delete?blockId=${last.blockId}`);
    blocks = (await ok('GET', `/lesson-content/all/${course.lessonId}`)).items;
    expect(blocks.map((b: { position: number }) => b.position)).toEqual(BLOCK_TYPES.slice(0, 15).map((_, i) => i));

    // Questions: order, an option deleted, the refusals that keep a question answerable.
    const [q1, q2] = course.questions;
    expect(
      await ok('PUT', `/quiz-question/order/${course.quizId}`, { questionIds: [q2.questionId, q1.questionId] }),
    ).toEqual([
      { questionId: q2.questionId, position: 0 },
      { questionId: q1.questionId, position: 1 },
    ]);
    const none = q1.options.find((o: { key: string }) => o.key === 'none');
    const after = await ok('DELETE', `/quiz-question/option/${none.optionId}`);
    expect(after.options.map((o: { key: string }) => o.key)).toEqual(['ic', 'boss']);
    const right = after.options.find((o: { key: string }) => o.key === 'ic');
    const lastTwo = await call('DELETE', `/quiz-question/option/${right.optionId}`, admin);
    expect(lastTwo.statusCode).toBe(409);
    expect(lastTwo.json().fields.id).toBeDefined();
    // Edit: kept keys keep their ids, a new key is added.
    const edited = await ok('PUT', `/quiz-question/edit/${q1.questionId}`, {
      ...QUESTION,
      options: [QUESTION.options[0], { key: 'hr', correct: false, texts: { ENGLISH: 'HR', HINDI: 'मानव संसाधन' } }],
    });
    expect(edited.options.map((o: { key: string; optionId: string }) => o.key)).toEqual(['ic', 'hr']);
    expect(edited.options[0].optionId).toBe(right.optionId);
    await ok('DELETE', `/quiz-question/delete/${q2.questionId}`);
    expect(
      (await ok('GET', `/quiz-question/all/${course.quizId}`)).items.map(
        (q: { questionId: string; position: number }) => [q.questionId, q.position],
      ),
    ).toEqual([[q1.questionId, 0]]);

    await ok('DELETE', `/lesson/delete/${extra.lessonId}`);
    await ok('DELETE', `/quiz/delete?quizId=${course.quizId}`);
    const details = await ok('GET', `/course/details/${course.courseId}`);
    expect(details.contents.map((c: { contentId: string; position: number }) => [c.contentId, c.position])).toEqual([
      [course.lessonId, 0],
    ]);
    await ok('DELETE', `/course/delete/${course.courseId}`);
    expect((await call('GET', `/course/details/${course.courseId}`, admin)).statusCode).toBe(404);
    expect((await auditOf(course.courseId)).map((e) => e.action)).toContain('course.deleted');
  });

  it('switches reminders and the primary language, whose words then lead', async () => {
    const { courseId } = await ok('POST', '/course/create', { title: 'Languages' });
    expect(await ok('POST', '/course/language', { courseId, language: 'TAMIL', title: 'மொழிகள்' })).toEqual([
      { language: 'ENGLISH', priority: 'PRIMARY' },
      { language: 'TAMIL', priority: 'SECONDARY' },
    ]);
    const twice = await call('POST', '/course/language', admin, { courseId, language: 'TAMIL' });
    expect(twice.statusCode).toBe(409);
    expect(await ok('PUT', `/course/${courseId}/language/TAMIL/default`)).toEqual([
      { language: 'TAMIL', priority: 'PRIMARY' },
      { language: 'ENGLISH', priority: 'SECONDARY' },
    ]);
    expect((await ok('GET', `/course/details/${courseId}`)).title).toBe('மொழிகள்');
    const missing = await call('PUT', `/course/${courseId}/language/HINDI/default`, admin);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.lang).toBeDefined();
    expect(await ok('PUT', `/course/${courseId}/reminder-toggle`, { enabled: true })).toEqual({
      courseId,
      reminderEnabled: true,
    });
    expect((await auditOf(courseId)).map((e) => e.action)).toEqual([
      'course.created',
      'course.language-added',
      'course.default-language-set',
      'course.reminder-toggled',
    ]);
  });

  it('answers bad input with 400 naming the field, never 500', async () => {
    const course = await writeCourse('Bad input');
    const cases: [Method, string, object, string][] = [
      ['POST', '/course/create', { title: '' }, 'title'],
      ['POST', '/course/create', { title: 'x', language: 'FRENCH' }, 'language'],
      ['POST', '/course/create', { title: 'x', workspaceId: facts.workspaceId }, 'workspaceId'],
      ['PUT', `/course/update/${course.courseId}`, { language: 'TAMIL', title: 'x' }, 'language'],
      [
        'POST',
        '/lesson-content/create',
        { lessonId: course.lessonId, block: { type: 'SPINNER', texts: {} } },
        'block.type',
      ],
      [
        'POST',
        '/lesson-content/create',
        {
          lessonId: course.lessonId,
          block: {
            type: 'MULTIPLE_CHOICE',
            options: [
              { key: 'a', correct: true },
              { key: 'b', correct: true },
            ],
            texts: {},
          },
        },
        'block.options',
      ],
      [
        'POST',
        '/lesson-content/create',
        { lessonId: course.lessonId, block: { type: 'TEXT_AREA', texts: { TAMIL: { body: 'x' } } } },
        'block.texts.TAMIL',
      ],
      [
        'POST',
        '/lesson-content/create',
        { lessonId: course.lessonId, block: { type: 'RESOURCE', url: 'javascript:alert(1)', texts: {} } },
        'block.url',
      ],
      [
        'POST',
        `/quiz-question/add/${course.quizId}`,
        { ...QUESTION, options: QUESTION.options.map((o) => ({ ...o, correct: false })) },
        'options',
      ],
      [
        'POST',
        `/quiz-question/add/${course.quizId}`,
        { ...QUESTION, options: QUESTION.options.map((o) => ({ ...o, correct: true })) },
        'options',
      ],
      [
        'POST',
        `/quiz-question/add/${course.quizId}`,
        { ...QUESTION, options: [QUESTION.options[0], QUESTION.options[0]] },
        'options.1.key',
      ],
      ['POST', '/quiz/create', { courseId: course.courseId, title: 'q', passMark: 101 }, 'passMark'],
      ['PUT', '/quiz/update', { quizId: course.quizId, maxAttempts: 0 }, 'maxAttempts'],
      [
        'PUT',
        `/quiz-question/order/${course.quizId}`,
        { questionIds: [course.questions[0].questionId] },
        'questionIds',
      ],
      ['PUT', `/course/${course.courseId}/reminder-toggle`, { enabled: 'yes' }, 'enabled'],
    ];
    for (const [method, url, payload, field] of cases) {
      const res = await call(method, url, admin, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), `${url}: ${res.body}`).toContain(field);
    }
    expect((await call('DELETE', '/lesson-content/delete?blockId=nope', admin)).statusCode).toBe(400);
    expect((await call('GET', `/course/all?status=GONE`, admin)).statusCode).toBe(400);
  });

  it('lets employers author; refuses business-unit admins and employees (403); closes with the module (MODULE_DISABLED)', async () => {
    const course = await writeCourse('By the employer', employer);
    expect((await ok('GET', `/course/details/${course.courseId}`, undefined, employer)).title).toBe('By the employer');
    const writes: [Method, string, object?][] = [
      ['POST', '/course/create', { title: 'x' }],
      ['PUT', `/course/update/${course.courseId}`, { title: 'x' }],
      ['DELETE', `/course/delete/${course.courseId}`],
      ['POST', `/course/publish/${course.courseId}`],
      ['POST', '/course/clone', { courseId: course.courseId }],
      ['PUT', `/course/${course.courseId}/content/reorder`, { contentIds: [course.lessonId, course.quizId] }],
      ['PUT', `/course/${course.courseId}/reminder-toggle`, { enabled: true }],
      ['POST', '/course/language', { courseId: course.courseId, language: 'TAMIL' }],
      ['PUT', `/course/${course.courseId}/language/HINDI/default`],
      ['POST', `/lesson/create/${course.courseId}`, { title: 'x' }],
      ['PUT', `/lesson/update/${course.lessonId}`, { title: 'x' }],
      ['DELETE', `/lesson/delete/${course.lessonId}`],
      ['GET', `/lesson-content/all/${course.lessonId}`],
      ['POST', '/lesson-content/create', { lessonId: course.lessonId, block: EVERY_BLOCK[9] }],
      ['PUT', '/lesson-content/update', { blockId: course.blocks[0].blockId, block: EVERY_BLOCK[0] }],
      ['DELETE', `/lesson-content/delete?blockId=${course.blocks[0].blockId}`],
      ['POST', '/quiz/create', { courseId: course.courseId, title: 'x' }],
      ['PUT', '/quiz/update', { quizId: course.quizId, passMark: 10 }],
      ['DELETE', `/quiz/delete?quizId=${course.quizId}`],
      ['GET', `/quiz-question/all/${course.quizId}`],
      ['POST', `/quiz-question/add/${course.quizId}`, QUESTION],
      ['PUT', `/quiz-question/edit/${course.questions[0].questionId}`, QUESTION],
      ['DELETE', `/quiz-question/delete/${course.questions[0].questionId}`],
      ['DELETE', `/quiz-question/option/${course.questions[0].options[2].optionId}`],
      [
        'PUT',
        `/quiz-question/order/${course.quizId}`,
        { questionIds: course.questions.map((q: { questionId: string }) => q.questionId) },
      ],
    ];
    for (const token of [buAdmin, employee]) {
      for (const [method, url, payload] of writes) {
        const res = await call(method, url, token, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    // Nothing changed.
    expect((await ok('GET', `/lesson-content/all/${course.lessonId}`)).total).toBe(16);

    const platform = await buildPlatformAdmin(server);
    const modules = (on: boolean) =>
      server.request('localhost', {
        method: 'POST',
        url: '/main-api/api/admin/workspace-nav',
        token: platform,
        payload: { workspaceId: facts.workspaceId, modules: { courses: on } },
        headers: { host: 'localhost:8192' },
      });
    expect((await modules(false)).statusCode).toBe(200);
    try {
      for (const [method, url, payload] of writes.slice(0, 3)) {
        const res = await call(method, url, admin, payload);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('MODULE_DISABLED');
      }
    } finally {
      expect((await modules(true)).statusCode).toBe(200);
    }
    expect((await call('GET', `/lesson-content/all/${course.lessonId}`, admin)).statusCode).toBe(200);
  });

  it("answers 404 for another workspace's course, lesson, block, quiz, question and option, and changes nothing", async () => {
    const course = await writeCourse('Acme only');
    const option = course.questions[0].options[1].optionId;
    const calls: [Method, string, object?][] = [
      ['GET', `/course/details/${course.courseId}`],
      ['PUT', `/course/update/${course.courseId}`, { title: 'Mine' }],
      ['DELETE', `/course/delete/${course.courseId}`],
      ['POST', `/course/publish/${course.courseId}`],
      ['POST', '/course/clone', { courseId: course.courseId }],
      ['PUT', `/course/${course.courseId}/content/reorder`, { contentIds: [course.lessonId, course.quizId] }],
      ['PUT', `/course/${course.courseId}/reminder-toggle`, { enabled: true }],
      ['POST', '/course/language', { courseId: course.courseId, language: 'TAMIL' }],
      ['PUT', `/course/${course.courseId}/language/HINDI/default`],
      ['POST', `/lesson/create/${course.courseId}`, { title: 'x' }],
      ['PUT', `/lesson/update/${course.lessonId}`, { title: 'x' }],
      ['DELETE', `/lesson/delete/${course.lessonId}`],
      ['GET', `/lesson-content/all/${course.lessonId}`],
      ['POST', '/lesson-content/create', { lessonId: course.lessonId, block: EVERY_BLOCK[9] }],
      ['PUT', '/lesson-content/update', { blockId: course.blocks[0].blockId, block: EVERY_BLOCK[0] }],
      ['DELETE', `/lesson-content/delete?blockId=${course.blocks[0].blockId}`],
      ['POST', '/quiz/create', { courseId: course.courseId, title: 'x' }],
      ['PUT', '/quiz/update', { quizId: course.quizId, passMark: 10 }],
      ['DELETE', `/quiz/delete?quizId=${course.quizId}`],
      ['GET', `/quiz-question/all/${course.quizId}`],
      ['POST', `/quiz-question/add/${course.quizId}`, QUESTION],
      ['PUT', `/quiz-question/edit/${course.questions[0].questionId}`, QUESTION],
      ['DELETE', `/quiz-question/delete/${course.questions[0].questionId}`],
      ['DELETE', `/quiz-question/option/${option}`],
      [
        'PUT',
        `/quiz-question/order/${course.quizId}`,
        { questionIds: course.questions.map((q: { questionId: string }) => q.questionId) },
      ],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call(method, url, globex, payload, otherHost);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    // A lesson id is not a quiz id either.
    expect((await call('GET', `/quiz-question/all/${course.lessonId}`, admin)).statusCode).toBe(404);
    const after = await ok('GET', `/course/details/${course.courseId}`);
    expect(after).toMatchObject({ title: 'Acme only', version: 1 });
    expect(after.contents[0].blocks).toHaveLength(16);
    expect(after.contents[1].questions).toHaveLength(2);
    expect(
      (await call('GET', '/course/all', globex, undefined, otherHost))
        .json()
        .items.map((c: { title: string }) => c.title),
    ).not.toContain('Acme only');
  });

  it('serves the workspace course figures, the assignable courses, a brief list and the builder metadata', async () => {
    const stats = await ok('GET', '/workspace-course/stats');
    expect(stats.courses).toBeGreaterThanOrEqual(1);
    expect(stats.published + stats.drafts).toBe(stats.courses);
    expect(stats.notStarted + stats.inProgress + stats.completed).toBe(stats.assignments);
    const published = await ok('GET', '/workspace-course/courses?search=harassment');
    expect(published.items.map((c: { courseId: string }) => c.courseId)).toContain(facts.courseId);
    expect(published.items.every((c: { status: string }) => c.status === 'PUBLISHED')).toBe(true);
    const brief = await ok('GET', '/workspace-course/all/brief');
    expect(brief).toContainEqual({
      courseId: facts.courseId,
      title: 'Preventing Sexual Harassment at Work',
      status: 'PUBLISHED',
      version: 1,
    });
    const metadata = await ok('GET', '/workspace-course/metadata');
    expect(metadata.blockTypes).toEqual([...BLOCK_TYPES]);
    expect(metadata.languages.map((l: { language: string }) => l.language)).toEqual([
      'ENGLISH',
      'HINDI',
      'KANNADA',
      'TELUGU',
      'TAMIL',
      'MARATHI',
    ]);
    expect(metadata).toMatchObject({
      pageSize: 100,
      defaults: { passMark: 70, maxAttempts: 3, answerReveal: 'AFTER_PASSING' },
    });
    expect((await call('GET', '/workspace-course/stats', employee)).statusCode).toBe(403);
    expect((await call('GET', '/workspace-course/all/brief', globex, undefined, otherHost)).json()).toEqual([]);
  });
});
