import type { LessonBlock } from '../../../src/contracts/learning/blocks.contract';
import type {
  AnswerReveal,
  ChecklistItem,
  ContentBlock,
  CourseContent,
  PublishChecklist,
  QuestionKind,
  QuizQuestion,
  QuizSettings,
} from '../../../src/contracts/learning/courses.contract';
import { missingTranslation, publishWarnings, textFor } from '../../../src/domain/courses/blocks';
import type { ContentKind, CourseLanguage, LanguagePriority } from '../../../src/domain/courses/course';
import type { Sql } from '../../platform/db/database';

/**
 * A course as the author has it, loaded whole (the same model serves the details, the publish checklist, the
 * version snapshot and the missing-translation counts). Every query carries `workspace_id = $1`.
 */
export interface CourseLanguageRow {
  language: CourseLanguage;
  priority: LanguagePriority;
  title: string;
  description: string;
}

export interface BlockRow {
  id: string;
  content_id: string;
  position: number;
  block: LessonBlock;
}

export interface OptionRow {
  id: string;
  question_id: string;
  key: string;
  position: number;
  correct: boolean;
  texts: Partial<Record<CourseLanguage, string>>;
}

export interface QuestionRow {
  id: string;
  content_id: string;
  position: number;
  kind: QuestionKind;
  texts: Partial<Record<CourseLanguage, { text: string; explanation?: string }>>;
  options: OptionRow[];
}

export interface ContentModel {
  id: string;
  kind: ContentKind;
  position: number;
  titles: Partial<Record<CourseLanguage, string>>;
  blocks: BlockRow[];
  questions: QuestionRow[];
  quiz: QuizSettings | null;
}

export interface CourseModel {
  languages: CourseLanguageRow[];
  primary: CourseLanguage;
  contents: ContentModel[];
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export function group<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(key(row)) ?? [];
    list.push(row);
    map.set(key(row), list);
  }
  return map;
}

export async function loadLanguages(
  tx: Sql,
  workspaceId: string,
  courseIds: string[],
): Promise<Map<string, CourseLanguageRow[]>> {
  const map = new Map<string, CourseLanguageRow[]>();
  if (courseIds.length === 0) return map;
  const rows = await tx.query<CourseLanguageRow & { course_id: string }>(
    `SELECT course_id, language, priority, title, description FROM course_languages
      WHERE workspace_id = $1 AND course_id = ANY($2::uuid[])
      ORDER BY (priority = 'PRIMARY') DESC, created_at, language`,
    [workspaceId, courseIds],
  );
  for (const r of rows) {
    const list = map.get(r.course_id) ?? [];
    list.push({ language: r.language, priority: r.priority, title: r.title, description: r.description });
    map.set(r.course_id, list);
  }
  return map;
}

export function primaryOf(
  languages: readonly { language: CourseLanguage; priority: LanguagePriority }[],
): CourseLanguage {
  return languages.find((l) => l.priority === 'PRIMARY')?.language ?? languages[0]?.language ?? 'ENGLISH';
}

export async function loadQuestions(
  tx: Sql,
  workspaceId: string,
  where: string,
  params: unknown[],
): Promise<QuestionRow[]> {
  const questions = await tx.query<Omit<QuestionRow, 'options'>>(
    `SELECT q.id, q.content_id, q.position, q.kind, q.texts FROM quiz_questions q WHERE q.workspace_id = $1 AND ${where} ORDER BY q.content_id, q.position`,
    [workspaceId, ...params],
  );
  const options = questions.length
    ? await tx.query<OptionRow>(
        `SELECT id, question_id, key, position, correct, texts FROM quiz_options
          WHERE workspace_id = $1 AND question_id = ANY($2::uuid[]) ORDER BY question_id, position`,
        [workspaceId, questions.map((q) => q.id)],
      )
    : [];
  const byQuestion = group(options, (o) => o.question_id);
  return questions.map((q) => ({
    ...q,
    texts: json(q.texts),
    options: (byQuestion.get(q.id) ?? []).map((o) => ({ ...o, texts: json(o.texts) })),
  }));
}

export async function loadBlocks(
  tx: Sql,
  workspaceId: string,
  where: string,
  params: unknown[],
  limit = '',
): Promise<BlockRow[]> {
  const rows = await tx.query<{ id: string; content_id: string; position: number; block: unknown }>(
    `SELECT b.id, b.content_id, b.position, b.block FROM lesson_blocks b WHERE b.workspace_id = $1 AND ${where} ORDER BY b.content_id, b.position ${limit}`,
    [workspaceId, ...params],
  );
  // Stored blocks were validated by the contract's schema when written (and 0020's conversion writes valid ones):
  // read as they are, not parsed again (600 parses cost more than the query on a large course).
  return rows.map((r) => ({
    id: r.id,
    content_id: r.content_id,
    position: r.position,
    block: json(r.block as LessonBlock),
  }));
}

/** Everything of one course an author works on, in order. */
export async function loadCourseModel(tx: Sql, workspaceId: string, courseId: string): Promise<CourseModel> {
  const languages = (await loadLanguages(tx, workspaceId, [courseId])).get(courseId) ?? [];
  const contents = await tx.query<{
    id: string;
    kind: ContentKind;
    position: number;
    titles: Record<string, string> | string | null;
  }>(
    `SELECT cc.id, cc.kind, cc.position,
            (SELECT jsonb_object_agg(t.language, t.title) FROM course_content_titles t WHERE t.workspace_id = cc.workspace_id AND t.content_id = cc.id) AS titles
       FROM course_contents cc WHERE cc.workspace_id = $1 AND cc.course_id = $2 ORDER BY cc.position`,
    [workspaceId, courseId],
  );
  const ids = contents.map((c) => c.id);
  const blocks = group(await loadBlocks(tx, workspaceId, 'b.content_id = ANY($2::uuid[])', [ids]), (b) => b.content_id);
  const questions = group(
    await loadQuestions(tx, workspaceId, 'q.content_id = ANY($2::uuid[])', [ids]),
    (q) => q.content_id,
  );
  const quizzes = await tx.query<{
    content_id: string;
    pass_mark: number;
    max_attempts: number | null;
    answer_reveal: AnswerReveal;
  }>(
    `SELECT content_id, pass_mark, max_attempts, answer_reveal FROM quizzes WHERE workspace_id = $1 AND content_id = ANY($2::uuid[])`,
    [workspaceId, ids],
  );
  const quizOf = new Map(
    quizzes.map((q) => [
      q.content_id,
      { passMark: q.pass_mark, maxAttempts: q.max_attempts, answerReveal: q.answer_reveal },
    ]),
  );
  return {
    languages,
    primary: primaryOf(languages),
    contents: contents.map((c) => ({
      id: c.id,
      kind: c.kind,
      position: c.position,
      titles: (c.titles ? json(c.titles) : {}) as Partial<Record<CourseLanguage, string>>,
      blocks: blocks.get(c.id) ?? [],
      questions: questions.get(c.id) ?? [],
      quiz: c.kind === 'QUIZ' ? (quizOf.get(c.id) ?? null) : null,
    })),
  };
}

const blank = (value: string | undefined | null) => !value || value.trim() === '';

/**
 * Which languages' words an answer carries: every one (`null`, the builder edits from them) or only the served and
 * the primary one (what a reader of one language needs; a six-language course's details are a third the size).
 */
export type KeptLanguages = readonly CourseLanguage[] | null;

function keep<T>(texts: Partial<Record<CourseLanguage, T>>, kept: KeptLanguages): Partial<Record<CourseLanguage, T>> {
  if (!kept) return texts;
  const out: Partial<Record<CourseLanguage, T>> = {};
  for (const language of kept) if (texts[language] !== undefined) out[language] = texts[language];
  return out;
}

/** A block as the author is served it in a language. */
export function toContentBlock(
  row: BlockRow,
  language: CourseLanguage,
  primary: CourseLanguage,
  kept: KeptLanguages = null,
): ContentBlock {
  const local = textFor(row.block, language, primary);
  return {
    blockId: row.id,
    lessonId: row.content_id,
    position: row.position,
    type: row.block.type,
    block: {
      ...row.block,
      blockId: row.id,
      ...(kept ? { texts: keep(row.block.texts as Partial<Record<CourseLanguage, unknown>>, kept) } : {}),
    } as ContentBlock['block'],
    language: local.language,
    fallback: local.fallback,
    missing: missingTranslation(row.block, language),
  };
}

/** What a language lacks for a question: `text`, `options.<key>`. */
export function questionMissing(question: QuestionRow, language: CourseLanguage): string[] {
  const missing: string[] = [];
  if (blank(question.texts[language]?.text)) missing.push('text');
  for (const o of question.options) if (blank(o.texts[language])) missing.push(`options.${o.key}`);
  return missing;
}

export function toQuestion(
  q: QuestionRow,
  language: CourseLanguage,
  primary: CourseLanguage,
  kept: KeptLanguages = null,
): QuizQuestion {
  const missing = questionMissing(q, language);
  const served = missing.length === 0 ? language : primary;
  const fallback = served !== language;
  return {
    questionId: q.id,
    quizId: q.content_id,
    position: q.position,
    kind: q.kind,
    multiple: q.kind === 'MULTIPLE',
    texts: keep(q.texts, kept),
    text: q.texts[served]?.text ?? '',
    explanation: q.texts[served]?.explanation ?? null,
    language: q.texts[served] ? served : null,
    fallback,
    missing,
    options: q.options.map((o) => ({
      optionId: o.id,
      key: o.key,
      position: o.position,
      correct: o.correct,
      texts: keep(o.texts, kept),
      text: o.texts[served] ?? '',
    })),
  };
}

export function toContent(
  c: ContentModel,
  language: CourseLanguage,
  primary: CourseLanguage,
  kept: KeptLanguages = null,
): CourseContent {
  return {
    contentId: c.id,
    kind: c.kind,
    position: c.position,
    title: (blank(c.titles[language]) ? c.titles[primary] : c.titles[language]) ?? '',
    titles: c.titles,
    blocks: c.blocks.map((b) => toContentBlock(b, language, primary, kept)),
    questions: c.questions.map((q) => toQuestion(q, language, primary, kept)),
    quiz: c.quiz,
  };
}

/** Per course language: how many things (course title, content titles, blocks, questions) lack a translation. */
export function missingCounts(model: CourseModel): { language: CourseLanguage; count: number }[] {
  return model.languages.map(({ language, title }) => {
    let count = blank(title) ? 1 : 0;
    for (const c of model.contents) {
      if (blank(c.titles[language])) count++;
      for (const b of c.blocks) if (missingTranslation(b.block, language).length > 0) count++;
      for (const q of c.questions) if (questionMissing(q, language).length > 0) count++;
    }
    return { language, count };
  });
}

const item = (where: string, code: string, message: string, extra: Partial<ChecklistItem> = {}): ChecklistItem => ({
  where,
  code,
  message,
  contentId: null,
  blockId: null,
  language: null,
  ...extra,
});

/**
 * The publish checklist. Problems stop publishing: no lesson with content, a quiz without questions or with a
 * question lacking a right answer or options, the primary language incomplete. Warnings do not (publishWarnings).
 */
export function checklist(model: CourseModel): PublishChecklist {
  const problems: ChecklistItem[] = [];
  const warnings: ChecklistItem[] = [];
  const primary = model.primary;
  const titleIn = (c: ContentModel) =>
    c.titles[primary] || c.titles[Object.keys(c.titles)[0] as CourseLanguage] || c.kind.toLowerCase();
  if (!model.contents.some((c) => c.kind === 'LESSON' && c.blocks.length > 0)) {
    problems.push(item('lessons', 'NO_LESSON_CONTENT', 'Add at least one lesson with content'));
  }
  const primaryRow = model.languages.find((l) => l.language === primary);
  if (blank(primaryRow?.title)) {
    problems.push(
      item(`language.${primary}`, 'MISSING_TRANSLATION', `The course has no title in ${primary}`, {
        language: primary,
      }),
    );
  }
  for (const c of model.contents) {
    const name = `${c.kind === 'LESSON' ? 'Lesson' : 'Quiz'} "${titleIn(c)}"`;
    if (blank(c.titles[primary])) {
      problems.push(
        item(`language.${primary}`, 'MISSING_TRANSLATION', `${name} has no title in ${primary}`, {
          contentId: c.id,
          language: primary,
        }),
      );
    }
    if (c.kind === 'QUIZ') {
      if (c.questions.length === 0)
        problems.push(item(`quiz.${c.id}`, 'QUIZ_WITHOUT_QUESTIONS', `${name} has no questions`, { contentId: c.id }));
      c.questions.forEach((q, i) => {
        const right = q.options.filter((o) => o.correct).length;
        if (q.options.length < 2) {
          problems.push(
            item(`quiz.${c.id}`, 'QUESTION_WITHOUT_OPTIONS', `${name}: question ${i + 1} needs at least two options`, {
              contentId: c.id,
            }),
          );
        }
        if (right === 0 || (q.kind === 'SINGLE' && right !== 1)) {
          problems.push(
            item(
              `quiz.${c.id}`,
              'QUESTION_WITHOUT_ANSWER',
              `${name}: question ${i + 1} needs ${q.kind === 'SINGLE' ? 'exactly one' : 'at least one'} correct answer`,
              { contentId: c.id },
            ),
          );
        }
        if (questionMissing(q, primary).length > 0) {
          problems.push(
            item(
              `language.${primary}`,
              'MISSING_TRANSLATION',
              `${name}: question ${i + 1} is incomplete in ${primary}`,
              { contentId: c.id, language: primary },
            ),
          );
        }
      });
    }
    c.blocks.forEach((b, i) => {
      const missing = missingTranslation(b.block, primary);
      if (missing.length > 0) {
        problems.push(
          item(
            `language.${primary}`,
            'MISSING_TRANSLATION',
            `${name}: block ${i + 1} (${b.block.type}) lacks ${missing.join(', ')} in ${primary}`,
            {
              contentId: c.id,
              blockId: b.id,
              language: primary,
            },
          ),
        );
      }
      for (const w of publishWarnings(
        b.block,
        model.languages.map((l) => l.language),
        primary,
      )) {
        warnings.push(
          item(`block.${b.id}`, w.code, `${name}: block ${i + 1}: ${w.message}`, {
            contentId: c.id,
            blockId: b.id,
            language: w.language,
          }),
        );
      }
    });
  }
  return { problems, warnings };
}

/** The frozen form of a version: the author's whole course, every language. */
export function snapshotOf(model: CourseModel): Record<string, unknown> {
  return {
    primary: model.primary,
    languages: model.languages,
    contents: model.contents.map((c) => ({
      contentId: c.id,
      kind: c.kind,
      position: c.position,
      titles: c.titles,
      quiz: c.quiz,
      blocks: c.blocks.map((b) => ({ blockId: b.id, position: b.position, block: b.block })),
      questions: c.questions.map((q) => ({
        questionId: q.id,
        position: q.position,
        kind: q.kind,
        texts: q.texts,
        options: q.options.map((o) => ({
          optionId: o.id,
          key: o.key,
          position: o.position,
          correct: o.correct,
          texts: o.texts,
        })),
      })),
    })),
  };
}
