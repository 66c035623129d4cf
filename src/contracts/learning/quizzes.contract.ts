import { z } from 'zod';
import { CourseLanguage } from '../../domain/courses/course';
import { Id, IdParams, Ok, pageOf, route } from '../route';
import { PartKey } from './blocks.contract';
import { AnswerReveal, AUTHORS, CourseTitle, QuestionKind, QuizQuestion, QuizSettings } from './courses.contract';
import { ContentPageQuery } from './lessons.contract';

/** Quizzes and their questions. Only authors (workspace admins, employers) call these. */

export const QUIZ_DEFAULTS: QuizSettings = { passMark: 70, maxAttempts: 3, answerReveal: 'AFTER_PASSING' };

export const Quiz = z.object({
  quizId: z.string(),
  courseId: z.string(),
  position: z.number().int(),
  titles: z.partialRecord(CourseLanguage, z.string()),
  passMark: z.number().int(),
  maxAttempts: z.number().int().nullable(),
  answerReveal: AnswerReveal,
  questionCount: z.number().int(),
});
export type Quiz = z.infer<typeof Quiz>;

const PassMark = z.number().int().min(0).max(100);
const MaxAttempts = z.number().int().min(1).max(100).nullable();

export const CreateQuizBody = z.strictObject({
  courseId: Id,
  title: CourseTitle,
  /** The title's language; the course's primary when absent. */
  language: CourseLanguage.optional(),
  passMark: PassMark.default(QUIZ_DEFAULTS.passMark),
  /** null: unlimited. */
  maxAttempts: MaxAttempts.default(QUIZ_DEFAULTS.maxAttempts),
  answerReveal: AnswerReveal.default(QUIZ_DEFAULTS.answerReveal),
});
export type CreateQuizBody = z.input<typeof CreateQuizBody>;

export const createQuiz = route({
  api: 'learning',
  method: 'POST',
  path: '/api/quiz/create',
  summary: "Add a quiz at the end of a course's contents, with its pass mark, attempts and when it shows the answers",
  body: CreateQuizBody,
  response: Quiz,
  access: AUTHORS,
  catalogueAuthor: true,
  permission: 'courses.author',
});

export const UpdateQuizBody = z.strictObject({
  quizId: Id,
  title: CourseTitle.optional(),
  language: CourseLanguage.optional(),
  passMark: PassMark.optional(),
  maxAttempts: MaxAttempts.optional(),
  answerReveal: AnswerReveal.optional(),
});
export type UpdateQuizBody = z.infer<typeof UpdateQuizBody>;

export const updateQuiz = route({
  api: 'learning',
  method: 'PUT',
  path: '/api/quiz/update',
  summary: "Change a quiz's title (in one language), pass mark, attempts or answer reveal",
  body: UpdateQuizBody,
  response: Quiz,
  access: AUTHORS,
  catalogueAuthor: true,
  permission: 'courses.author',
});

export const deleteQuiz = route({
  api: 'learning',
  method: 'DELETE',
  path: '/api/quiz/delete',
  summary: 'Delete a quiz and its questions; the contents after it move up',
  query: z.strictObject({ quizId: Id }),
  response: Ok,
  access: AUTHORS,
  catalogueAuthor: true,
  permission: 'courses.author',
});

export const QuestionPage = pageOf(QuizQuestion).extend({ language: CourseLanguage, primaryLanguage: CourseLanguage });
export type QuestionPage = z.infer<typeof QuestionPage>;

export const quizQuestions = route({
  api: 'learning',
  method: 'GET',
  path: '/api/quiz-question/all/{quizId}',
  summary: "A quiz's questions in order, 100 to a page, with their options and which are right",
  params: z.strictObject({ quizId: Id }),
  query: ContentPageQuery.extend({ language: CourseLanguage.optional() }).strict(),
  response: QuestionPage,
  access: AUTHORS,
  catalogueAuthor: true,
  permission: 'courses.author',
});

/** A question as the author writes it: its words per language, options with stable keys, at least one right. */
export const QuestionInput = z
  .strictObject({
    kind: QuestionKind.default('SINGLE'),
    texts: z.partialRecord(
      CourseLanguage,
      z.strictObject({ text: z.string().trim().max(2_000), explanation: z.string().max(4_000).optional() }),
    ),
    options: z
      .array(
        z.strictObject({
          key: PartKey,
          correct: z.boolean(),
          texts: z.partialRecord(CourseLanguage, z.string().trim().max(1_000)),
        }),
      )
      .min(2, 'Give at least two options')
      .max(20),
  })
  .superRefine((q, ctx) => {
    const seen = new Set<string>();
    q.options.forEach((o, i) => {
      if (seen.has(o.key))
        ctx.addIssue({ code: 'custom', path: ['options', i, 'key'], message: `The key ${o.key} is used twice` });
      seen.add(o.key);
    });
    const right = q.options.filter((o) => o.correct).length;
    if (right === 0)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Mark at least one option as a correct answer' });
    if (q.kind === 'SINGLE' && right > 1)
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: 'A single-answer question has exactly one correct option',
      });
  });
export type QuestionInput = z.input<typeof QuestionInput>;

export const addQuestion = route({
  api: 'learning',
  method: 'POST',
  path: '/api/quiz-question/add/{quizId}',
  summary: 'Add a question at the end of a quiz',
  params: z.strictObject({ quizId: Id }),
  body: QuestionInput,
  response: QuizQuestion,
  access: AUTHORS,
  catalogueAuthor: true,
  permission: 'courses.author',
});

export const editQuestion = route({
  api: 'learning',
  method: 'PUT',
  path: '/api/quiz-question/edit/{id}',
  summary:
    'Replace a question: its kind, words and options (matched by key: kept options keep their ids, absent ones go)',
  params: IdParams,
  body: QuestionInput,
  response: QuizQuestion,
  access: AUTHORS,
  catalogueAuthor: true,
  permission: 'courses.author',
});

export const deleteQuestion = route({
  api: 'learning',
  method: 'DELETE',
  path: '/api/quiz-question/delete/{id}',
  summary: 'Delete a question; the questions after it move up',
  params: IdParams,
  response: Ok,
  access: AUTHORS,
  catalogueAuthor: true,
  permission: 'courses.author',
});

export const deleteOption = route({
  api: 'learning',
  method: 'DELETE',
  path: '/api/quiz-question/option/{id}',
  summary: 'Delete one option of a question (refused when it would leave fewer than two options or no correct one)',
  params: IdParams,
  response: QuizQuestion,
  access: AUTHORS,
  catalogueAuthor: true,
  permission: 'courses.author',
});

export const OrderQuestionsBody = z.strictObject({
  /** Every question of the quiz, once each, in the new order. */
  questionIds: z.array(Id).min(1).max(1_000),
});
export type OrderQuestionsBody = z.infer<typeof OrderQuestionsBody>;

export const orderQuestions = route({
  api: 'learning',
  method: 'PUT',
  path: '/api/quiz-question/order/{quizId}',
  summary: "Put a quiz's questions in a new order (all of them, once each)",
  params: z.strictObject({ quizId: Id }),
  body: OrderQuestionsBody,
  response: z.array(z.object({ questionId: z.string(), position: z.number().int() })),
  access: AUTHORS,
  catalogueAuthor: true,
  permission: 'courses.author',
});
