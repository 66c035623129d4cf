import type { LessonBlock } from '../../../src/contracts/learning/blocks.contract';
import type { AnswerReveal, QuestionKind } from '../../../src/contracts/learning/courses.contract';
import type { ContentKind, CourseLanguage, LanguagePriority } from '../../../src/domain/courses/course';
import type { Sql } from '../../platform/db/database';
import { loadCourseModel, type ContentModel, type CourseLanguageRow, type CourseModel } from '../courses/course-model';

/**
 * The version of a course a learner was assigned, as the course model of server/learning/courses/course-model.ts:
 * read from the version's frozen snapshot (course_versions.snapshot), so a later edit of the course changes nothing
 * of what the learner takes. A version published before snapshots existed (0020) is read from the live rows.
 * Snapshots never change: they are kept in a small in-process cache.
 */

interface Snapshot {
  primary: CourseLanguage;
  languages: { language: CourseLanguage; priority: LanguagePriority; title: string; description: string }[];
  contents: {
    contentId: string;
    kind: ContentKind;
    position: number;
    titles: Partial<Record<CourseLanguage, string>>;
    quiz: { passMark: number; maxAttempts: number | null; answerReveal: AnswerReveal } | null;
    blocks: { blockId: string; position: number; block: LessonBlock }[];
    questions: {
      questionId: string;
      position: number;
      kind: QuestionKind;
      texts: Partial<Record<CourseLanguage, { text: string; explanation?: string }>>;
      options: {
        optionId: string;
        key: string;
        position: number;
        correct: boolean;
        texts: Partial<Record<CourseLanguage, string>>;
      }[];
    }[];
  }[];
}

export interface VersionModel extends CourseModel {
  courseId: string;
  version: number;
  /** Every block of every lesson by id, with its lesson. */
  blocks: Map<string, { lessonId: string; block: LessonBlock }>;
}

const CACHE_SIZE = 200;
const cache = new Map<string, VersionModel>();

function fromSnapshot(courseId: string, version: number, s: Snapshot): VersionModel {
  const languages: CourseLanguageRow[] = s.languages.map((l) => ({
    language: l.language,
    priority: l.priority,
    title: l.title,
    description: l.description,
  }));
  const contents: ContentModel[] = [...s.contents]
    .sort((a, b) => a.position - b.position)
    .map((c) => ({
      id: c.contentId,
      kind: c.kind,
      position: c.position,
      titles: c.titles ?? {},
      quiz: c.kind === 'QUIZ' ? c.quiz : null,
      blocks: [...(c.blocks ?? [])]
        .sort((a, b) => a.position - b.position)
        .map((b) => ({ id: b.blockId, content_id: c.contentId, position: b.position, block: b.block })),
      questions: [...(c.questions ?? [])]
        .sort((a, b) => a.position - b.position)
        .map((q) => ({
          id: q.questionId,
          content_id: c.contentId,
          position: q.position,
          kind: q.kind,
          texts: q.texts ?? {},
          options: [...q.options]
            .sort((a, b) => a.position - b.position)
            .map((o) => ({
              id: o.optionId,
              question_id: q.questionId,
              key: o.key,
              position: o.position,
              correct: o.correct,
              texts: o.texts ?? {},
            })),
        })),
    }));
  return withIndex({ courseId, version, languages, primary: s.primary, contents });
}

function withIndex(model: Omit<VersionModel, 'blocks'>): VersionModel {
  const blocks = new Map<string, { lessonId: string; block: LessonBlock }>();
  for (const c of model.contents) for (const b of c.blocks) blocks.set(b.id, { lessonId: c.id, block: b.block });
  return { ...model, blocks };
}

export async function loadVersion(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  version: number,
): Promise<VersionModel> {
  const key = `${workspaceId}:${courseId}:${version}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const [row] = await tx.query<{ snapshot: Snapshot | string | null }>(
    `SELECT snapshot FROM course_versions WHERE workspace_id = $1 AND course_id = $2 AND version = $3`,
    [workspaceId, courseId, version],
  );
  if (!row?.snapshot) {
    // Published before snapshots existed: the live rows are that version until the author's first edit freezes it.
    const live = await loadCourseModel(tx, workspaceId, courseId);
    return withIndex({ ...live, courseId, version });
  }
  const snapshot = typeof row.snapshot === 'string' ? (JSON.parse(row.snapshot) as Snapshot) : row.snapshot;
  const model = fromSnapshot(courseId, version, snapshot);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, model);
  return model;
}

const blank = (value: string | undefined | null) => !value || value.trim() === '';

/** A content's title in a language, else the primary's. */
export function titleIn(c: ContentModel, language: CourseLanguage, primary: CourseLanguage): string {
  return (blank(c.titles[language]) ? c.titles[primary] : c.titles[language]) ?? '';
}

/** The course's title and description in a language, else the primary's. */
export function courseTextIn(model: CourseModel, language: CourseLanguage): { title: string; description: string } {
  const own = model.languages.find((l) => l.language === language);
  const primary = model.languages.find((l) => l.language === model.primary);
  return {
    title: blank(own?.title) ? (primary?.title ?? '') : own!.title,
    description: blank(own?.description) ? (primary?.description ?? '') : own!.description,
  };
}
