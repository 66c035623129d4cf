import { z } from 'zod';
import { CourseLanguage, LESSON_BLOCK_TYPES } from '../../domain/courses/course';

/**
 * The sixteen lesson block types (spec 9), one zod schema each, as one discriminated union on `type`.
 *
 * A block is one object whatever the languages: its structure (alignment, options and which are correct, files,
 * settings) is shared, and its words are kept per language in `texts`. So a translator can never make another
 * option the right one, and a missing translation is a missing key in `texts`, which falls back to the course's
 * primary language (src/domain/courses/blocks.ts). Fill-in-the-blank keeps its accepted answers per language, since
 * an answer in Hindi is written in Hindi.
 *
 * These are the author's blocks, answers included; a learner is served `learnerBlock()` of them.
 */

export const BLOCK_TYPES = LESSON_BLOCK_TYPES;
export const BlockType = z.enum(BLOCK_TYPES);
export type BlockType = z.infer<typeof BlockType>;

export const Alignment = z.enum(['LEFT', 'CENTER', 'RIGHT']);
export type Alignment = z.infer<typeof Alignment>;

/** Partial credit: each part counts (a blank, a pair, a right choice less a wrong one), or all must be right. */
export const Scoring = z.enum(['ALL_OR_NOTHING', 'PARTIAL']);
export type Scoring = z.infer<typeof Scoring>;

/** A stable key of an option, blank or pair: shared by every language, so answers survive a translation. */
export const PartKey = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Use 1 to 40 letters, digits, - or _');
export type PartKey = z.infer<typeof PartKey>;

/** Every stored file is named by the id the file storage gave it. */
export const FileId = z.string().uuid();

/** Words may be saved blank while a translation is in progress: missingTranslation() lists them, publishing needs the primary complete. */
const line = (max = 500) => z.string().trim().max(max);
const prose = (max = 20_000) => z.string().max(max);
const optionalLine = (max = 500) => z.string().trim().max(max).optional();
/** Links open outside the app: http(s) only (never javascript: or data:). */
const WebLink = z
  .string()
  .max(2_000)
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), 'Use a full http(s) address');

const texts = <T extends z.ZodType>(text: T) => z.partialRecord(CourseLanguage, text);
const labels = z.record(PartKey, z.string().trim().max(1_000));

const base = { blockId: z.string().uuid().optional(), alignment: Alignment.default('LEFT') };

function uniqueKeys(keys: readonly string[], path: (string | number)[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  keys.forEach((key, index) => {
    if (seen.has(key))
      ctx.addIssue({ code: 'custom', path: [...path, index, 'key'], message: `The key ${key} is used twice` });
    seen.add(key);
  });
}

const ChoiceOption = z.object({ key: PartKey, correct: z.boolean() }).strict();
const ChoiceText = z.object({ prompt: line(2_000), options: labels, explanation: prose(4_000).optional() }).strict();

/** Single-answer questions: at least two options, exactly one correct. */
function singleAnswer(type: 'MULTIPLE_CHOICE' | 'SINGLE_SELECT_QUESTION') {
  return z
    .object({ type: z.literal(type), ...base, options: z.array(ChoiceOption).min(2).max(20), texts: texts(ChoiceText) })
    .strict()
    .superRefine((block, ctx) => {
      uniqueKeys(
        block.options.map((o) => o.key),
        ['options'],
        ctx,
      );
      if (block.options.filter((o) => o.correct).length !== 1) {
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'Mark exactly one option as the correct answer' });
      }
    });
}

/** Several-answer questions: at least two options, at least one correct. */
function severalAnswers(type: 'MULTIPLE_RESPONSE' | 'MULTI_SELECT_QUESTION') {
  return z
    .object({
      type: z.literal(type),
      ...base,
      options: z.array(ChoiceOption).min(2).max(20),
      scoring: Scoring.default('ALL_OR_NOTHING'),
      texts: texts(ChoiceText),
    })
    .strict()
    .superRefine((block, ctx) => {
      uniqueKeys(
        block.options.map((o) => o.key),
        ['options'],
        ctx,
      );
      if (!block.options.some((o) => o.correct)) {
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'Mark at least one option as a correct answer' });
      }
    });
}

export const MultipleChoiceBlock = singleAnswer('MULTIPLE_CHOICE');
/** The same rule as multiple choice, shown as a drop-down. */
export const SingleSelectQuestionBlock = singleAnswer('SINGLE_SELECT_QUESTION');
export const MultipleResponseBlock = severalAnswers('MULTIPLE_RESPONSE');
/** The same rule as multiple response, shown as a multi-select list. */
export const MultiSelectQuestionBlock = severalAnswers('MULTI_SELECT_QUESTION');

/** `{{key}}` marks a blank in a fill-in-the-blank sentence. */
export const BLANK_PATTERN = /\{\{([A-Za-z0-9_-]{1,40})\}\}/g;

export const FillInBlankBlock = z
  .object({
    type: z.literal('FILL_IN_BLANK'),
    ...base,
    blanks: z
      .array(z.object({ key: PartKey }).strict())
      .min(1)
      .max(20),
    scoring: Scoring.default('PARTIAL'),
    texts: texts(
      z
        .object({
          /** The sentence with a `{{key}}` where each blank goes. */
          sentence: line(2_000),
          /** Accepted answers per blank, in this language (compared without case, accents kept, spaces folded). */
          accepted: z.record(PartKey, z.array(z.string().trim().min(1).max(200)).min(1).max(20)),
          explanation: prose(4_000).optional(),
        })
        .strict(),
    ),
  })
  .strict()
  .superRefine((block, ctx) => {
    uniqueKeys(
      block.blanks.map((b) => b.key),
      ['blanks'],
      ctx,
    );
    const keys = new Set(block.blanks.map((b) => b.key));
    for (const [language, text] of Object.entries(block.texts)) {
      if (!text) continue;
      const used = [...text.sentence.matchAll(BLANK_PATTERN)].map((m) => m[1]);
      for (const key of keys) {
        const count = used.filter((u) => u === key).length;
        if (count !== 1) {
          ctx.addIssue({
            code: 'custom',
            path: ['texts', language, 'sentence'],
            message: `Put the blank {{${key}}} in the sentence once`,
          });
        }
        if (!text.accepted[key]) {
          ctx.addIssue({
            code: 'custom',
            path: ['texts', language, 'accepted', key],
            message: `Give the answers accepted for {{${key}}}`,
          });
        }
      }
      for (const key of used) {
        if (!keys.has(key))
          ctx.addIssue({
            code: 'custom',
            path: ['texts', language, 'sentence'],
            message: `{{${key}}} is not a blank of this block`,
          });
      }
    }
  });

/** Pairs to match: the learner matches each left item to a right item; the right one is the pair's own. */
export const MatchingBlock = z
  .object({
    type: z.literal('MATCHING'),
    ...base,
    pairs: z
      .array(z.object({ key: PartKey }).strict())
      .min(2)
      .max(20),
    scoring: Scoring.default('PARTIAL'),
    texts: texts(
      z
        .object({
          prompt: line(2_000),
          pairs: z.record(PartKey, z.object({ left: line(500), right: line(500) }).strict()),
          explanation: prose(4_000).optional(),
        })
        .strict(),
    ),
  })
  .strict()
  .superRefine((block, ctx) =>
    uniqueKeys(
      block.pairs.map((p) => p.key),
      ['pairs'],
      ctx,
    ),
  );

/** A box the learner ticks ("I have read and understood ..."); required ones must be ticked to go on. */
export const CheckboxWithTextBlock = z
  .object({
    type: z.literal('CHECKBOX_WITH_TEXT'),
    ...base,
    required: z.boolean().default(true),
    texts: texts(z.object({ label: line(1_000) }).strict()),
  })
  .strict();

/** A free answer the learner types (a reflection); kept, never scored. */
export const InputBoxBlock = z
  .object({
    type: z.literal('INPUT_BOX'),
    ...base,
    required: z.boolean().default(false),
    multiline: z.boolean().default(false),
    maxLength: z.number().int().min(1).max(10_000).default(1_000),
    texts: texts(z.object({ prompt: line(2_000), placeholder: optionalLine(200) }).strict()),
  })
  .strict();

/** A poll: the learner picks one option; there is no right answer, and the author sees the counts. */
export const VoteBlock = z
  .object({
    type: z.literal('VOTE'),
    ...base,
    options: z
      .array(z.object({ key: PartKey }).strict())
      .min(2)
      .max(20),
    texts: texts(z.object({ prompt: line(2_000), options: labels }).strict()),
  })
  .strict()
  .superRefine((block, ctx) =>
    uniqueKeys(
      block.options.map((o) => o.key),
      ['options'],
      ctx,
    ),
  );

/** The learner hands in a file (a signed form, a certificate from elsewhere). */
export const AskToUploadResourceBlock = z
  .object({
    type: z.literal('ASK_TO_UPLOAD_RESOURCE'),
    ...base,
    required: z.boolean().default(true),
    accept: z
      .array(z.enum(['PDF', 'IMAGE', 'DOCUMENT']))
      .min(1)
      .default(['PDF', 'IMAGE', 'DOCUMENT']),
    texts: texts(z.object({ prompt: line(2_000) }).strict()),
  })
  .strict();

/** Prose (Markdown). */
export const TextAreaBlock = z
  .object({
    type: z.literal('TEXT_AREA'),
    ...base,
    texts: texts(z.object({ body: z.string().trim().min(1).max(20_000) }).strict()),
  })
  .strict();

/** An image; its alternative text is asked for at authoring, and its absence is a publish warning. */
export const ImageBlock = z
  .object({
    type: z.literal('IMAGE'),
    ...base,
    fileId: FileId,
    texts: texts(z.object({ altText: z.string().trim().max(500).default(''), caption: optionalLine(500) }).strict()),
  })
  .strict();

/** A video with captions (WebVTT, one file per language) and a transcript: both asked for, both publish warnings. */
export const VideoBlock = z
  .object({
    type: z.literal('VIDEO'),
    ...base,
    fileId: FileId,
    durationSeconds: z
      .number()
      .int()
      .min(1)
      .max(24 * 3600)
      .optional(),
    texts: texts(
      z
        .object({
          title: optionalLine(200),
          captionsFileId: FileId.optional(),
          transcript: prose(100_000).optional(),
        })
        .strict(),
    ),
  })
  .strict();

/** A link to read elsewhere. */
export const ResourceBlock = z
  .object({
    type: z.literal('RESOURCE'),
    ...base,
    url: WebLink,
    texts: texts(z.object({ title: line(200), description: optionalLine(1_000) }).strict()),
  })
  .strict();

/** A file the author uploaded for learners to download (a PDF handbook). */
export const UploadResourceBlock = z
  .object({
    type: z.literal('UPLOAD_RESOURCE'),
    ...base,
    fileId: FileId,
    texts: texts(z.object({ title: line(200), description: optionalLine(1_000) }).strict()),
  })
  .strict();

/** A button: to the next part of the course, or to a link. */
export const ButtonBlock = z
  .object({
    type: z.literal('BUTTON'),
    ...base,
    action: z.enum(['NEXT', 'LINK']).default('NEXT'),
    url: WebLink.optional(),
    texts: texts(z.object({ label: line(80) }).strict()),
  })
  .strict()
  .superRefine((block, ctx) => {
    if (block.action === 'LINK' && !block.url)
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'Give the address the button opens' });
  });

export const LessonBlock = z.discriminatedUnion('type', [
  CheckboxWithTextBlock,
  MultipleChoiceBlock,
  MultipleResponseBlock,
  FillInBlankBlock,
  MatchingBlock,
  InputBoxBlock,
  ImageBlock,
  MultiSelectQuestionBlock,
  VideoBlock,
  TextAreaBlock,
  ResourceBlock,
  UploadResourceBlock,
  ButtonBlock,
  SingleSelectQuestionBlock,
  AskToUploadResourceBlock,
  VoteBlock,
]);
export type LessonBlock = z.infer<typeof LessonBlock>;
export type LessonBlockOf<T extends BlockType> = Extract<LessonBlock, { type: T }>;

/** What a learner gives for each answerable type. */
export const BlockAnswer = z.discriminatedUnion('type', [
  z.object({ type: z.literal('MULTIPLE_CHOICE'), choice: PartKey }).strict(),
  z.object({ type: z.literal('SINGLE_SELECT_QUESTION'), choice: PartKey }).strict(),
  z.object({ type: z.literal('MULTIPLE_RESPONSE'), choices: z.array(PartKey).max(20) }).strict(),
  z.object({ type: z.literal('MULTI_SELECT_QUESTION'), choices: z.array(PartKey).max(20) }).strict(),
  z.object({ type: z.literal('FILL_IN_BLANK'), blanks: z.record(PartKey, z.string().max(200)) }).strict(),
  z.object({ type: z.literal('MATCHING'), matches: z.record(PartKey, PartKey) }).strict(),
  z.object({ type: z.literal('CHECKBOX_WITH_TEXT'), checked: z.boolean() }).strict(),
  z.object({ type: z.literal('INPUT_BOX'), text: z.string().max(10_000) }).strict(),
  z.object({ type: z.literal('VOTE'), choice: PartKey }).strict(),
  z.object({ type: z.literal('ASK_TO_UPLOAD_RESOURCE'), fileId: FileId }).strict(),
]);
export type BlockAnswer = z.infer<typeof BlockAnswer>;
export type AnswerableType = BlockAnswer['type'];
export type BlockAnswerOf<T extends AnswerableType> = Extract<BlockAnswer, { type: T }>;
