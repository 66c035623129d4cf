import 'reflect-metadata';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockServer, testClient } from '../../support/msw';
import { ApiError } from '../../../src/application/shared/api-error';
import { HttpCourseApi } from '../../../src/infrastructure/http/learning/http-course-api';

const BASE = 'http://acme.localhost:8080/learning-api';
const COURSE = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const server = mockServer();

function adapter() {
  const { client, sessions, lostSessions } = testClient(BASE, 'token-abcdefghijklmnopqrstuvwxyz');
  return { api: new HttpCourseApi(client), sessions, lostSession: () => lostSessions() > 0 };
}

const details = {
  courseId: COURSE,
  status: 'PUBLISHED',
  reminderEnabled: true,
  language: 'HINDI',
  languages: [
    { language: 'ENGLISH', priority: 'PRIMARY' },
    { language: 'HINDI', priority: 'SECONDARY' },
  ],
  primaryLanguage: 'ENGLISH',
  title: 'कार्यस्थल पर यौन उत्पीड़न की रोकथाम',
  description: '',
  texts: {
    ENGLISH: { title: 'Preventing Sexual Harassment at Work', description: '' },
    HINDI: { title: 'कार्यस्थल पर यौन उत्पीड़न की रोकथाम', description: '' },
  },
  contents: [
    {
      contentId: 'l1',
      kind: 'LESSON',
      position: 0,
      title: 'यौन उत्पीड़न को समझना',
      titles: { HINDI: 'यौन उत्पीड़न को समझना' },
      blocks: [
        {
          blockId: 'b1',
          lessonId: 'l1',
          position: 0,
          type: 'TEXT_AREA',
          block: { type: 'TEXT_AREA', alignment: 'LEFT', texts: { HINDI: { body: 'नमस्ते' } } },
          language: 'HINDI',
          fallback: false,
          missing: [],
        },
      ],
      questions: [],
      quiz: null,
    },
  ],
  memberCount: 0,
  missingTranslations: [
    { language: 'ENGLISH', count: 1 },
    { language: 'HINDI', count: 0 },
  ],
  checklist: { problems: [], warnings: [] },
  version: 1,
  publishedVersion: 1,
  hasDraftChanges: false,
  versions: [{ version: 1, publishedAt: '2026-11-23T00:00:00.000Z', learners: 0, completed: 0 }],
  coverFileId: null,
  createdAt: '2026-11-23T00:00:00.000Z',
  updatedAt: '2026-11-23T00:00:00.000Z',
  publishedAt: '2026-11-23T00:00:00.000Z',
};

describe('HttpCourseApi', () => {
  it('reads the course list with zero-based paging and the bearer token', async () => {
    let seen: { url: URL; auth: string | null } | null = null;
    server.use(
      http.get(`${BASE}/api/course/all`, ({ request }) => {
        seen = { url: new URL(request.url), auth: request.headers.get('authorization') };
        return HttpResponse.json({ items: [], page: 2, pageSize: 20, total: 41 });
      }),
    );
    const { api } = adapter();
    expect(await api.list({ page: 2, pageSize: 20 })).toEqual({ items: [], page: 2, pageSize: 20, total: 41 });
    expect(seen!.url.searchParams.get('page')).toBe('2');
    expect(seen!.url.searchParams.get('pageSize')).toBe('20');
    expect(seen!.auth).toBe('Bearer token-abcdefghijklmnopqrstuvwxyz');
  });

  it('asks for a course in a language and parses its contents', async () => {
    let language: string | null = null;
    server.use(
      http.get(`${BASE}/api/course/details/${COURSE}`, ({ request }) => {
        language = new URL(request.url).searchParams.get('language');
        return HttpResponse.json(details);
      }),
    );
    const course = await adapter().api.details(COURSE, 'HINDI');
    expect(language).toBe('HINDI');
    expect(course.contents[0].blocks[0]).toMatchObject({
      blockId: 'b1',
      type: 'TEXT_AREA',
      block: { texts: { HINDI: { body: 'नमस्ते' } } },
    });
    expect(course.missingTranslations).toEqual(details.missingTranslations);
  });

  it('sends only the filters that are set when counting candidates', async () => {
    let params: Record<string, string> = {};
    server.use(
      http.get(`${BASE}/api/course/${COURSE}/users`, ({ request }) => {
        params = Object.fromEntries(new URL(request.url).searchParams);
        return HttpResponse.json({ items: [], page: 0, pageSize: 10, total: 7, alreadyAssigned: 2 });
      }),
    );
    const result = await adapter().api.candidates(
      COURSE,
      { branchId: 'b1', startJoiningDate: '2024-01-01' },
      { page: 0, pageSize: 10 },
    );
    expect(result).toMatchObject({ total: 7, alreadyAssigned: 2 });
    expect(params).toEqual({ branchId: 'b1', startJoiningDate: '2024-01-01', page: '0', pageSize: '10' });
  });

  it('posts an assignment and returns the counts', async () => {
    let body: unknown = null;
    server.use(
      http.post(`${BASE}/api/course/assign-course-to-users`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ assigned: 3, alreadyAssigned: 1 });
      }),
    );
    expect(await adapter().api.assign({ courseId: COURSE, branchId: 'b1' })).toEqual({
      ok: true,
      assigned: 3,
      alreadyAssigned: 1,
    });
    expect(body).toEqual({ courseId: COURSE, branchId: 'b1' });
  });

  it('maps 409 to not-published, 404 to not-found and 400 to rejected with the fields', async () => {
    const { api } = adapter();
    server.use(
      http.post(`${BASE}/api/course/assign-course-to-users`, () =>
        HttpResponse.json({ code: 'CONFLICT', message: 'Only a published course can be assigned' }, { status: 409 }),
      ),
    );
    expect(await api.assign({ courseId: COURSE })).toMatchObject({
      ok: false,
      reason: 'conflict',
      code: 'not-published',
    });

    server.use(
      http.post(`${BASE}/api/course/assign-course-to-users`, () =>
        HttpResponse.json(
          { code: 'NOT_FOUND', message: 'Users not found: x', fields: { userIds: 'No such users: x' } },
          { status: 404 },
        ),
      ),
    );
    expect(await api.assign({ courseId: COURSE, userIds: [COURSE] })).toEqual({
      ok: false,
      reason: 'not-found',
      message: 'Users not found: x',
      fields: { userIds: 'No such users: x' },
    });

    server.use(
      http.post(`${BASE}/api/course/assign-course-to-users`, () =>
        HttpResponse.json(
          { code: 'VALIDATION', message: 'Invalid body: endJoiningDate', fields: { endJoiningDate: 'before start' } },
          { status: 400 },
        ),
      ),
    );
    expect(await api.assign({ courseId: COURSE })).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'Invalid body: endJoiningDate',
      fields: { endJoiningDate: 'before start' },
    });
  });

  it('throws other failures as ApiError, and a 401 ends the session', async () => {
    server.use(
      http.get(`${BASE}/api/course/${COURSE}/members`, () =>
        HttpResponse.json({ code: 'UNAUTHORIZED', message: 'Please sign in' }, { status: 401 }),
      ),
    );
    const { api, sessions, lostSession } = adapter();
    const error = await api.members(COURSE, { page: 0, pageSize: 20 }).catch((e: unknown) => e);
    expect(ApiError.is(error) && error.reason).toBe('signed-out');
    expect(sessions.token()).toBeNull();
    expect(lostSession()).toBe(true);
  });

  it('rejects an answer that does not match the contract', async () => {
    server.use(
      http.get(`${BASE}/api/course/${COURSE}/supported-languages`, () =>
        HttpResponse.json([{ language: 'KLINGON', priority: 'PRIMARY' }]),
      ),
    );
    await expect(adapter().api.supportedLanguages(COURSE)).rejects.toThrow();
  });
});
