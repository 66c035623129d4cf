import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CourseDetails } from '../../../src/contracts/learning/courses.contract';
import { CourseDetailsCache } from '../../../server/learning/courses/details-cache';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { EVERY_BLOCK, QUESTION, registerFiles } from './authoring-fixtures';
import { buildWorkspace, type BuiltWorkspace } from '../support/factories';

const API = '/learning-api/api';

/**
 * The course details cache (server/learning/courses/details-cache.ts, migration 0033): an author's details are
 * served from rendered text while the course's content revision stands, and a write by any path (the API, another
 * server process, plain SQL) moves the revision, so the next read shows it.
 */
describe.each(DATABASES)('course details cache on %s', (kind) => {
  let server: TestServer;
  let uncached: TestServer['request'];
  let closeUncached: () => Promise<void>;
  let ws: BuiltWorkspace;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    ws = await buildWorkspace(server);
    await registerFiles(server, ws.id);
    admin = ws.admin.token;
    // A second server over the same database with the cache off: what every answer must equal.
    const { buildApp } = await import('../../../server/app');
    const { testPasswords } = await import('../support/test-app');
    const other = await buildApp({
      db: server.db,
      passwords: testPasswords,
      fileUrls: server.fileUrls,
      settings: { mainHost: 'localhost', maxUploadBytes: 5 * 1024 * 1024, courseDetailsCacheBytes: 0 },
    });
    uncached = (host, { token, headers, ...rest }) =>
      other.inject({ ...rest, headers: { host, ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
    closeUncached = () => other.close();
  });
  afterAll(async () => {
    await closeUncached?.();
    await server?.close();
  });

  const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const res = await server.request(ws.host, {
      method,
      url: `${API}${url}`,
      token: admin,
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const details = async (courseId: string, language = 'HINDI') => {
    const res = await server.request(ws.host, {
      method: 'GET',
      url: `${API}/course/details/${courseId}?language=${language}`,
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return res.json() as CourseDetails;
  };
  const fresh = async (courseId: string, language = 'HINDI') => {
    const res = await uncached(ws.host, {
      method: 'GET',
      url: `${API}/course/details/${courseId}?language=${language}`,
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as CourseDetails;
  };
  const revision = async (courseId: string) => {
    const [row] = await server.db.tenant(ws.id, (tx) =>
      tx.query<{ content_revision: string }>(
        `SELECT content_revision::text FROM courses WHERE workspace_id = $1 AND id = $2`,
        [ws.id, courseId],
      ),
    );
    return Number(row!.content_revision);
  };
  const sql = (text: string, params: unknown[]) => server.db.tenant(ws.id, (tx) => tx.query(text, [ws.id, ...params]));

  async function writeCourse() {
    const { courseId } = await ok('POST', '/course/create', {
      title: 'Cached course',
      description: 'For everyone',
      language: 'ENGLISH',
    });
    await ok('POST', '/course/language', {
      courseId,
      language: 'HINDI',
      title: 'कैश पाठ्यक्रम',
      description: 'सभी के लिए',
    });
    const lesson = await ok('POST', `/lesson/create/${courseId}`, { title: 'Every block' });
    for (const block of EVERY_BLOCK) await ok('POST', '/lesson-content/create', { lessonId: lesson.lessonId, block });
    const quiz = await ok('POST', '/quiz/create', {
      courseId,
      title: 'Check',
      passMark: 80,
      maxAttempts: 2,
      answerReveal: 'AFTER_LAST_ATTEMPT',
    });
    await ok('POST', `/quiz-question/add/${quiz.quizId}`, QUESTION);
    return { courseId: courseId as string, lessonId: lesson.lessonId as string, quizId: quiz.quizId as string };
  }

  it('serves the same answer as a server without the cache, in the contract, language by language', async () => {
    const { courseId } = await writeCourse();
    for (const language of ['HINDI', 'ENGLISH', 'HINDI']) {
      const cached = await details(courseId, language);
      expect(CourseDetails.parse(cached)).toEqual(cached);
      expect(cached).toEqual(await fresh(courseId, language));
      expect(cached.language).toBe(language);
    }
  });

  it("carries the served and primary languages' words, and every language's with texts=ALL (the builder)", async () => {
    const { courseId } = await writeCourse();
    await ok('POST', '/course/language', { courseId, language: 'TAMIL', title: 'தமிழ்', description: '' });
    await sql(
      `UPDATE lesson_blocks SET block = jsonb_set(block, '{texts,TAMIL}', block->'texts'->'ENGLISH')
        WHERE workspace_id = $1 AND content_id IN (SELECT id FROM course_contents WHERE workspace_id = $1 AND course_id = $2)`,
      [courseId],
    );
    const hindi = await details(courseId);
    const keys = new Set(
      hindi.contents.flatMap((c) => c.blocks.flatMap((b) => Object.keys((b.block as { texts: object }).texts))),
    );
    expect([...keys].sort()).toEqual(['ENGLISH', 'HINDI']);
    expect(hindi.contents.flatMap((c) => c.questions.flatMap((q) => Object.keys(q.texts)))).not.toContain('TAMIL');
    expect(hindi.missingTranslations.map((m) => m.language)).toEqual(['ENGLISH', 'HINDI', 'TAMIL']);

    const res = await server.request(ws.host, {
      method: 'GET',
      url: `${API}/course/details/${courseId}?language=HINDI&texts=ALL`,
      token: admin,
    });
    const all = res.json() as CourseDetails;
    const allKeys = new Set(
      all.contents.flatMap((c) => c.blocks.flatMap((b) => Object.keys((b.block as { texts: object }).texts))),
    );
    expect([...allKeys].sort()).toEqual(['ENGLISH', 'HINDI', 'TAMIL']);
    const again = await uncached(ws.host, {
      method: 'GET',
      url: `${API}/course/details/${courseId}?language=HINDI&texts=ALL`,
      token: admin,
    });
    expect(all).toEqual(again.json());
    expect(hindi).toEqual(await fresh(courseId));
  });

  it('shows a change made by plain SQL (another process) at the next read: blocks, titles, options, languages', async () => {
    const { courseId, lessonId, quizId } = await writeCourse();
    const first = await details(courseId);
    const block = first.contents[0]!.blocks.find((b) => b.type === 'TEXT_AREA')!;
    const before = await revision(courseId);

    await sql(
      `UPDATE lesson_blocks SET block = jsonb_set(block, '{texts,HINDI}', '{"body": "नया पाठ"}') WHERE workspace_id = $1 AND id = $2`,
      [block.blockId],
    );
    expect(await revision(courseId)).toBe(before + 1);
    const afterBlock = await details(courseId);
    expect(afterBlock.contents[0]!.blocks.find((b) => b.blockId === block.blockId)!.block).toMatchObject({
      texts: { HINDI: { body: 'नया पाठ' } },
    });

    await sql(
      `INSERT INTO course_content_titles (workspace_id, content_id, language, title) VALUES ($1, $2, 'HINDI', 'बदला हुआ')`,
      [lessonId],
    );
    expect((await details(courseId)).contents[0]!.title).toBe('बदला हुआ');

    await sql(
      `UPDATE quiz_options SET texts = jsonb_set(texts, '{HINDI}', '"विकल्प"') WHERE workspace_id = $1
         AND question_id IN (SELECT id FROM quiz_questions WHERE workspace_id = $1 AND content_id = $2)`,
      [quizId],
    );
    const quiz = (await details(courseId)).contents.find((c) => c.contentId === quizId)!;
    expect(quiz.questions[0]!.options.map((o) => o.texts.HINDI)).toEqual(quiz.questions[0]!.options.map(() => 'विकल्प'));

    await sql(`DELETE FROM lesson_blocks WHERE workspace_id = $1 AND id = $2`, [block.blockId]);
    expect((await details(courseId)).contents[0]!.blocks.some((b) => b.blockId === block.blockId)).toBe(false);

    await sql(`DELETE FROM course_languages WHERE workspace_id = $1 AND course_id = $2 AND language = 'HINDI'`, [
      courseId,
    ]);
    const english = await details(courseId);
    expect(english.language).toBe('ENGLISH');
    expect(english.missingTranslations.map((m) => m.language)).toEqual(['ENGLISH']);
    expect(english).toEqual(await fresh(courseId));
  });

  it('moves the revision once for a statement of many rows, and follows every authoring call', async () => {
    const { courseId, lessonId } = await writeCourse();
    const before = await revision(courseId);
    await sql(`UPDATE lesson_blocks SET updated_at = now() WHERE workspace_id = $1 AND content_id = $2`, [lessonId]);
    expect(await revision(courseId)).toBe(before + 1);

    await details(courseId);
    await ok('PUT', `/lesson/update/${lessonId}`, { title: 'हर ब्लॉक', language: 'HINDI' });
    expect((await details(courseId)).contents[0]!.title).toBe('हर ब्लॉक');
    const { items } = await ok('GET', `/lesson-content/all/${lessonId}?language=HINDI`);
    await ok('DELETE', `/lesson-content/delete?blockId=${items[0].blockId}`);
    const after = await details(courseId);
    expect(after.contents[0]!.blocks).toHaveLength(EVERY_BLOCK.length - 1);
    expect(after).toEqual(await fresh(courseId));

    const copy = await ok('POST', '/course/clone', { courseId });
    const cloned = await details(copy.courseId);
    expect(cloned.contents[0]!.blocks).toHaveLength(EVERY_BLOCK.length - 1);
    expect(cloned).toEqual(await fresh(copy.courseId));
  });
});

describe('course details cache bounds', () => {
  const langs = [{ language: 'ENGLISH' as const, priority: 'PRIMARY' as const, title: 't', description: '' }];
  it('drops an older revision and the least recently used course past its byte budget', () => {
    const cache = new CourseDetailsCache(1000);
    cache.put('w', 'a', '1', langs, 'ENGLISH:SERVED', 'x'.repeat(200));
    expect(cache.get('w', 'a', '1')?.fragments.get('ENGLISH:SERVED')).toHaveLength(200);
    expect(cache.get('w', 'a', '2')).toBeUndefined();
    expect(cache.get('w', 'a', '1')).toBeUndefined();
    expect(cache.size).toBe(0);

    cache.put('w', 'a', '1', langs, 'ENGLISH', 'a'.repeat(200));
    cache.put('w', 'b', '1', langs, 'ENGLISH', 'b'.repeat(200));
    expect(cache.get('w', 'a', '1')).toBeDefined(); // a is now the most recent
    cache.put('w', 'c', '1', langs, 'ENGLISH', 'c'.repeat(200));
    expect(cache.size).toBeLessThanOrEqual(1000);
    expect(cache.get('w', 'b', '1')).toBeUndefined();
    expect(cache.get('w', 'a', '1')).toBeDefined();
    expect(cache.get('w', 'c', '1')).toBeDefined();
  });

  it('keeps nothing when switched off or when one answer is larger than the budget', () => {
    const off = new CourseDetailsCache(0);
    off.put('w', 'a', '1', langs, 'ENGLISH', 'x');
    expect(off.get('w', 'a', '1')).toBeUndefined();
    const small = new CourseDetailsCache(10);
    small.put('w', 'a', '1', langs, 'ENGLISH:SERVED', 'x'.repeat(6));
    expect(small.get('w', 'a', '1')).toBeUndefined();
  });
});
