import 'reflect-metadata';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockServer, testClient } from '../../support/msw';
import { HttpCourseAuthoringApi } from '../../../src/infrastructure/http/learning/http-course-authoring-api';

const BASE = 'http://acme.localhost:8080/learning-api';
const COURSE = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const LESSON = '7a1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const QUIZ = '8b1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const server = mockServer();

const api = () => new HttpCourseAuthoringApi(testClient(BASE, 'token-abcdefghijklmnopqrstuvwxyz').client);

const summary = {
  courseId: COURSE,
  title: 'Respect at work',
  description: '',
  status: 'DRAFT',
  languages: [{ language: 'ENGLISH', priority: 'PRIMARY' }],
  memberCount: 0,
  assignedCount: 4,
  completedCount: 1,
  lessonCount: 2,
  quizCount: 1,
  version: 1,
  publishedVersion: null,
  hasDraftChanges: true,
  coverFileId: null,
  reminderEnabled: false,
  createdAt: '2026-11-25T00:00:00.000Z',
  updatedAt: '2026-11-25T00:00:00.000Z',
  publishedAt: null,
};

const question = {
  questionId: 'q1',
  quizId: QUIZ,
  position: 0,
  kind: 'SINGLE',
  multiple: false,
  texts: { ENGLISH: { text: 'Who can complain?' }, HINDI: { text: 'शिकायत कौन कर सकता है?' } },
  text: 'Who can complain?',
  explanation: null,
  language: 'ENGLISH',
  fallback: false,
  missing: [],
  options: [
    {
      optionId: 'o1',
      key: 'a',
      position: 0,
      correct: true,
      texts: { ENGLISH: 'Anyone', HINDI: 'कोई भी' },
      text: 'Anyone',
    },
    { optionId: 'o2', key: 'b', position: 1, correct: false, texts: { ENGLISH: 'Managers' }, text: 'Managers' },
  ],
};

describe('HttpCourseAuthoringApi', () => {
  it('lists courses with search and zero-based paging, with their counts', async () => {
    let url: URL | null = null;
    server.use(
      http.get(`${BASE}/api/course/all`, ({ request }) => {
        url = new URL(request.url);
        return HttpResponse.json({ items: [summary], page: 1, pageSize: 10, total: 11 });
      }),
    );
    const page = await api().list({ page: 1, pageSize: 10, search: 'respect' });
    expect(url!.searchParams.get('search')).toBe('respect');
    expect(url!.searchParams.get('page')).toBe('1');
    expect(page).toEqual({
      total: 11,
      items: [
        expect.objectContaining({
          title: 'Respect at work',
          lessonCount: 2,
          quizCount: 1,
          assignedCount: 4,
          completedCount: 1,
        }),
      ],
    });
  });

  it('creates a course in its primary language', async () => {
    let body: unknown = null;
    server.use(
      http.post(`${BASE}/api/course/create`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ courseId: COURSE });
      }),
    );
    expect(await api().create({ title: 'Respect', description: '', primaryLanguage: 'HINDI' })).toEqual({
      courseId: COURSE,
    });
    expect(body).toEqual({ title: 'Respect', description: '', language: 'HINDI' });
  });

  it('loads a course with every language of its blocks, and its quiz questions as choice blocks', async () => {
    server.use(
      http.get(`${BASE}/api/course/details/${COURSE}`, () =>
        HttpResponse.json({
          ...summary,
          language: 'ENGLISH',
          primaryLanguage: 'ENGLISH',
          languages: [
            { language: 'ENGLISH', priority: 'PRIMARY' },
            { language: 'HINDI', priority: 'SECONDARY' },
          ],
          texts: { ENGLISH: { title: 'Respect at work', description: '' } },
          missingTranslations: [],
          checklist: { problems: [], warnings: [] },
          versions: [{ version: 1, publishedAt: '2026-11-25T00:00:00.000Z', learners: 3, completed: 1 }],
          version: 2,
          publishedVersion: 1,
          contents: [
            {
              contentId: LESSON,
              kind: 'LESSON',
              position: 0,
              title: 'Welcome',
              titles: { ENGLISH: 'Welcome' },
              blocks: [
                {
                  blockId: 'b1',
                  lessonId: LESSON,
                  position: 0,
                  type: 'TEXT_AREA',
                  block: {
                    type: 'TEXT_AREA',
                    alignment: 'LEFT',
                    texts: { ENGLISH: { body: 'Hello' }, HINDI: { body: 'नमस्ते' } },
                  },
                  language: 'ENGLISH',
                  fallback: false,
                  missing: [],
                },
              ],
              questions: [],
              quiz: null,
            },
            {
              contentId: QUIZ,
              kind: 'QUIZ',
              position: 1,
              title: 'Check',
              titles: { ENGLISH: 'Check' },
              blocks: [],
              questions: [question],
              quiz: { passMark: 80, maxAttempts: 2, answerReveal: 'NEVER' },
            },
          ],
        }),
      ),
    );
    const course = await api().load(COURSE);
    expect(course.versions).toEqual([
      { version: 2, status: 'DRAFT', learners: 0 },
      { version: 1, status: 'PUBLISHED', learners: 3 },
    ]);
    expect(course.contents[0]).toMatchObject({
      kind: 'LESSON',
      blocks: [{ blockId: 'b1', block: { texts: { HINDI: { body: 'नमस्ते' } } } }],
    });
    expect(course.contents[1]).toEqual({
      kind: 'QUIZ',
      contentId: QUIZ,
      title: 'Check',
      titles: { ENGLISH: 'Check' },
      passMark: 80,
      maxAttempts: 2,
      answerReveal: 'NEVER',
      questions: [
        {
          blockId: 'q1',
          block: {
            type: 'MULTIPLE_CHOICE',
            alignment: 'LEFT',
            options: [
              { key: 'a', correct: true },
              { key: 'b', correct: false },
            ],
            texts: {
              ENGLISH: { prompt: 'Who can complain?', options: { a: 'Anyone', b: 'Managers' } },
              HINDI: { prompt: 'शिकायत कौन कर सकता है?', options: { a: 'कोई भी' } },
            },
          },
        },
      ],
    });
  });

  it('sends a quiz question with its words per language on the question and on each option', async () => {
    let body: unknown = null;
    server.use(
      http.post(`${BASE}/api/quiz-question/add/${QUIZ}`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(question);
      }),
    );
    const saved = await api().addQuestion(QUIZ, {
      type: 'MULTIPLE_RESPONSE',
      alignment: 'LEFT',
      scoring: 'ALL_OR_NOTHING',
      options: [
        { key: 'a', correct: true },
        { key: 'b', correct: true },
      ],
      texts: {
        ENGLISH: { prompt: 'Which?', options: { a: 'One', b: 'Two' } },
        HINDI: { prompt: 'कौन?', options: { a: 'एक', b: '' } },
      },
    });
    expect(saved).toEqual({ blockId: 'q1' });
    expect(body).toEqual({
      kind: 'MULTIPLE',
      texts: { ENGLISH: { text: 'Which?' }, HINDI: { text: 'कौन?' } },
      options: [
        { key: 'a', correct: true, texts: { ENGLISH: 'One', HINDI: 'एक' } },
        { key: 'b', correct: true, texts: { ENGLISH: 'Two' } },
      ],
    });
  });

  it('saves a lesson block whole and deletes it by query', async () => {
    const seen: string[] = [];
    server.use(
      http.put(`${BASE}/api/lesson-content/update`, async ({ request }) => {
        seen.push(JSON.stringify(await request.json()));
        return HttpResponse.json({
          blockId: 'b1',
          lessonId: LESSON,
          position: 0,
          type: 'TEXT_AREA',
          block: { type: 'TEXT_AREA', alignment: 'LEFT', texts: { ENGLISH: { body: 'x' } } },
          language: 'ENGLISH',
          fallback: false,
          missing: [],
        });
      }),
      http.delete(`${BASE}/api/lesson-content/delete`, ({ request }) => {
        seen.push(new URL(request.url).search);
        return HttpResponse.json({ ok: true });
      }),
    );
    await api().updateBlock('0c6f3f38-8d57-4e83-9d0e-3c2f3b8c1a11', {
      type: 'TEXT_AREA',
      alignment: 'CENTER',
      texts: { ENGLISH: { body: 'x' } },
    });
    await api().deleteBlock('0c6f3f38-8d57-4e83-9d0e-3c2f3b8c1a11');
    expect(seen).toEqual([
      JSON.stringify({
        blockId: '0c6f3f38-8d57-4e83-9d0e-3c2f3b8c1a11',
        block: { type: 'TEXT_AREA', alignment: 'CENTER', texts: { ENGLISH: { body: 'x' } } },
      }),
      '?blockId=0c6f3f38-8d57-4e83-9d0e-3c2f3b8c1a11',
    ]);
  });

  it('renames a lesson and a quiz in one language, and moves a block, orders questions, clones and switches reminders', async () => {
    const seen: string[] = [];
    const record = async (label: string, request: Request) => {
      seen.push(
        `${label} ${new URL(request.url).pathname.replace('/learning-api', '')} ${request.method === 'GET' ? '' : JSON.stringify(await request.json())}`.trim(),
      );
    };
    server.use(
      http.put(`${BASE}/api/lesson/update/${LESSON}`, async ({ request }) => {
        await record('lesson', request);
        return HttpResponse.json({ lessonId: LESSON, courseId: COURSE, position: 0, titles: { HINDI: 'स्वागत' } });
      }),
      http.put(`${BASE}/api/quiz/update`, async ({ request }) => {
        await record('quiz', request);
        return HttpResponse.json({
          quizId: QUIZ,
          courseId: COURSE,
          position: 1,
          titles: { HINDI: 'जाँच' },
          passMark: 70,
          maxAttempts: null,
          answerReveal: 'NEVER',
          questionCount: 1,
        });
      }),
      http.put(`${BASE}/api/quiz-question/order/${QUIZ}`, async ({ request }) => {
        await record('order', request);
        return HttpResponse.json([]);
      }),
      http.post(`${BASE}/api/course/clone`, async ({ request }) => {
        await record('clone', request);
        return HttpResponse.json({ courseId: COURSE });
      }),
      http.put(`${BASE}/api/course/${COURSE}/reminder-toggle`, async ({ request }) => {
        await record('reminders', request);
        return HttpResponse.json({ courseId: COURSE, reminderEnabled: true });
      }),
    );
    await api().renameContent('LESSON', LESSON, 'स्वागत', 'HINDI');
    await api().renameContent('QUIZ', QUIZ, 'जाँच', 'HINDI');
    await api().orderQuestions(QUIZ, ['0c6f3f38-8d57-4e83-9d0e-3c2f3b8c1a11']);
    expect(await api().clone(COURSE)).toEqual({ courseId: COURSE });
    await api().setReminders(COURSE, true);
    expect(seen).toEqual([
      `lesson /api/lesson/update/${LESSON} ${JSON.stringify({ title: 'स्वागत', language: 'HINDI' })}`,
      `quiz /api/quiz/update ${JSON.stringify({ quizId: QUIZ, title: 'जाँच', language: 'HINDI' })}`,
      `order /api/quiz-question/order/${QUIZ} ${JSON.stringify({ questionIds: ['0c6f3f38-8d57-4e83-9d0e-3c2f3b8c1a11'] })}`,
      `clone /api/course/clone ${JSON.stringify({ courseId: COURSE })}`,
      `reminders /api/course/${COURSE}/reminder-toggle ${JSON.stringify({ enabled: true })}`,
    ]);
  });

  it('publishes, and reports a refusal with what is missing', async () => {
    let refuse = true;
    server.use(
      http.post(`${BASE}/api/course/publish/${COURSE}`, () =>
        refuse
          ? HttpResponse.json(
              {
                code: 'NOT_PUBLISHABLE',
                message: 'This course cannot be published yet',
                fields: { lessons: 'Add a lesson with content' },
              },
              { status: 409 },
            )
          : HttpResponse.json({
              courseId: COURSE,
              version: 1,
              status: 'PUBLISHED',
              publishedAt: '2026-11-25T00:00:00.000Z',
              warnings: [],
            }),
      ),
    );
    expect(await api().publish(COURSE)).toMatchObject({
      ok: false,
      message: 'This course cannot be published yet',
      fields: { lessons: 'Add a lesson with content' },
    });
    refuse = false;
    expect(await api().publish(COURSE)).toEqual({ ok: true, version: 1 });
  });
});
