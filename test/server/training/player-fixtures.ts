import { expect } from 'vitest';
import type { LessonBlock } from '../../../src/contracts/learning/blocks.contract';
import type { TestServer } from '../support/test-app';
import { EVERY_BLOCK, QUESTION, registerFiles } from '../courses/authoring-fixtures';

export const API = '/learning-api/api';

export interface BuiltCourse {
  courseId: string;
  lessonId: string;
  quizId: string;
  questionIds: string[];
  blocks: Record<LessonBlock['type'], string>;
}

/**
 * A published course made through the authoring calls, as an author would: English (primary) and Hindi, one lesson
 * with a block of each of the sixteen types, and a quiz of two questions (one SINGLE, one MULTIPLE).
 */
export async function buildCourse(
  server: TestServer,
  token: string,
  workspaceId: string,
  quiz: {
    passMark?: number;
    maxAttempts?: number | null;
    answerReveal?: 'NEVER' | 'AFTER_PASSING' | 'AFTER_LAST_ATTEMPT';
  } = {},
  blocks: LessonBlock[] = EVERY_BLOCK,
  register = true,
  /** The workspace's host (`BuiltWorkspace.host`). */
  host: string,
): Promise<BuiltCourse> {
  if (register) await registerFiles(server, workspaceId);
  const call = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await server.request(host, { method, url: `${API}${url}`, payload, token });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const { courseId } = await call('POST', '/course/create', {
    title: 'Respect at work',
    description: 'A course',
    language: 'ENGLISH',
  });
  await call('POST', '/course/language', {
    courseId,
    language: 'HINDI',
    title: 'कार्यस्थल पर सम्मान',
    description: 'एक पाठ्यक्रम',
  });
  const lesson = await call('POST', `/lesson/create/${courseId}`, { title: 'The basics' });
  await call('PUT', `/lesson/update/${lesson.lessonId}`, { title: 'मूल बातें', language: 'HINDI' });
  const ids = {} as Record<LessonBlock['type'], string>;
  for (const block of blocks) {
    const created = await call('POST', '/lesson-content/create', { lessonId: lesson.lessonId, block });
    ids[block.type] = created.blockId;
  }
  const q = await call('POST', '/quiz/create', {
    courseId,
    title: 'Check',
    passMark: 100,
    maxAttempts: 2,
    answerReveal: 'AFTER_PASSING',
    ...quiz,
  });
  await call('PUT', '/quiz/update', { quizId: q.quizId, title: 'जाँच', language: 'HINDI' });
  const q1 = await call('POST', `/quiz-question/add/${q.quizId}`, QUESTION);
  const q2 = await call('POST', `/quiz-question/add/${q.quizId}`, {
    kind: 'MULTIPLE',
    texts: {
      ENGLISH: { text: 'Which are harassment?', explanation: 'Both are unwelcome conduct.' },
      HINDI: { text: 'कौन-से उत्पीड़न हैं?' },
    },
    options: [
      { key: 'remarks', correct: true, texts: { ENGLISH: 'Remarks', HINDI: 'टिप्पणियाँ' } },
      { key: 'gestures', correct: true, texts: { ENGLISH: 'Gestures', HINDI: 'इशारे' } },
      { key: 'feedback', correct: false, texts: { ENGLISH: 'Feedback', HINDI: 'प्रतिक्रिया' } },
    ],
  });
  await call('POST', `/course/publish/${courseId}`, {});
  return {
    courseId,
    lessonId: lesson.lessonId,
    quizId: q.quizId,
    questionIds: [q1.questionId, q2.questionId],
    blocks: ids,
  };
}

export async function assign(
  server: TestServer,
  token: string,
  courseId: string,
  userIds: string[],
  host: string,
): Promise<void> {
  const res = await server.request(host, {
    method: 'POST',
    url: `${API}/course/assign-course-to-users`,
    payload: { courseId, userIds },
    token,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The right answers of the quiz of buildCourse(). */
export const RIGHT = (c: BuiltCourse) => [
  { questionId: c.questionIds[0], choices: ['ic'] },
  { questionId: c.questionIds[1], choices: ['remarks', 'gestures'] },
];
export const WRONG = (c: BuiltCourse) => [
  { questionId: c.questionIds[0], choices: ['boss'] },
  { questionId: c.questionIds[1], choices: ['remarks', 'gestures'] },
];

export async function auditActions(
  server: TestServer,
  workspaceId: string,
  action: string,
): Promise<Record<string, unknown>[]> {
  return server.db.tenant(workspaceId, (tx) =>
    tx.query(
      `SELECT actor_user_id, target, details FROM audit_events WHERE workspace_id = $1 AND action = $2 ORDER BY id`,
      [workspaceId, action],
    ),
  );
}
