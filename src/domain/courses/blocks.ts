import type {
  AnswerableType,
  BlockAnswer,
  BlockType,
  LessonBlock,
  LessonBlockOf,
  Scoring,
} from '../../contracts/learning/blocks.contract';
import type { CourseLanguage } from './course';

/**
 * The rules of lesson and quiz blocks, pure: which language's words a block is shown in, what a translation still
 * lacks, what the publish checklist warns about, what a learner is shown (never the answers) and how an answer
 * scores. The server scores attempts with these functions; the browser only shows what the server decided.
 */

/** Types with a right answer: they score, in a quiz and as a knowledge check in a lesson. */
export const SCORED_TYPES = [
  'MULTIPLE_CHOICE',
  'SINGLE_SELECT_QUESTION',
  'MULTIPLE_RESPONSE',
  'MULTI_SELECT_QUESTION',
  'FILL_IN_BLANK',
  'MATCHING',
] as const satisfies readonly AnswerableType[];
export type ScoredType = (typeof SCORED_TYPES)[number];

/** Types a learner answers without a right answer: kept, counted for completion, never scored. */
export const UNSCORED_ANSWER_TYPES = [
  'CHECKBOX_WITH_TEXT',
  'INPUT_BOX',
  'VOTE',
  'ASK_TO_UPLOAD_RESOURCE',
] as const satisfies readonly AnswerableType[];

export function isScored(type: BlockType): type is ScoredType {
  return (SCORED_TYPES as readonly string[]).includes(type);
}

export function isAnswerable(type: BlockType): type is AnswerableType {
  return isScored(type) || (UNSCORED_ANSWER_TYPES as readonly string[]).includes(type);
}

/** Types that display something and therefore have an alignment that matters. */
export const DISPLAY_TYPES: readonly BlockType[] = [
  'IMAGE',
  'VIDEO',
  'TEXT_AREA',
  'BUTTON',
  'RESOURCE',
  'UPLOAD_RESOURCE',
];

type TextOf<B extends LessonBlock> = NonNullable<B['texts'][CourseLanguage]>;

export interface LocalText<B extends LessonBlock> {
  text: TextOf<B> | null;
  /** The language the words are in: the one asked for, or the primary when that one lacks a translation. */
  language: CourseLanguage | null;
  fallback: boolean;
}

/** A block's words in a language, falling back to the course's primary language (issue: per-language text). */
export function textFor<B extends LessonBlock>(
  block: B,
  language: CourseLanguage,
  primary: CourseLanguage,
): LocalText<B> {
  const own = block.texts[language] as TextOf<B> | undefined;
  if (own && missingTranslation(block, language).length === 0) return { text: own, language, fallback: false };
  const fallback = block.texts[primary] as TextOf<B> | undefined;
  if (fallback) return { text: fallback, language: primary, fallback: language !== primary };
  return own ? { text: own, language, fallback: false } : { text: null, language: null, fallback: false };
}

const keysOf = (block: LessonBlock): string[] => {
  switch (block.type) {
    case 'MULTIPLE_CHOICE':
    case 'SINGLE_SELECT_QUESTION':
    case 'MULTIPLE_RESPONSE':
    case 'MULTI_SELECT_QUESTION':
    case 'VOTE':
      return block.options.map((o) => o.key);
    case 'FILL_IN_BLANK':
      return block.blanks.map((b) => b.key);
    case 'MATCHING':
      return block.pairs.map((p) => p.key);
    default:
      return [];
  }
};

const blank = (value: string | undefined): boolean => !value || value.trim() === '';

/**
 * What a language still lacks for this block, as field paths (`prompt`, `options.b`, `accepted.when`); empty when
 * the translation is complete. The builder counts these per language; publishing needs the primary one complete.
 */
export function missingTranslation(block: LessonBlock, language: CourseLanguage): string[] {
  const text = block.texts[language] as Record<string, unknown> | undefined;
  if (!text) return ['all'];
  const missing: string[] = [];
  const need = (field: string) => {
    if (blank(text[field] as string | undefined)) missing.push(field);
  };
  switch (block.type) {
    case 'MULTIPLE_CHOICE':
    case 'SINGLE_SELECT_QUESTION':
    case 'MULTIPLE_RESPONSE':
    case 'MULTI_SELECT_QUESTION':
    case 'VOTE': {
      need('prompt');
      const options = (text.options ?? {}) as Record<string, string>;
      for (const key of keysOf(block)) if (blank(options[key])) missing.push(`options.${key}`);
      break;
    }
    case 'FILL_IN_BLANK': {
      need('sentence');
      const accepted = (text.accepted ?? {}) as Record<string, string[]>;
      for (const key of keysOf(block)) if (!accepted[key]?.length) missing.push(`accepted.${key}`);
      break;
    }
    case 'MATCHING': {
      need('prompt');
      const pairs = (text.pairs ?? {}) as Record<string, { left?: string; right?: string }>;
      for (const key of keysOf(block)) {
        if (blank(pairs[key]?.left) || blank(pairs[key]?.right)) missing.push(`pairs.${key}`);
      }
      break;
    }
    case 'CHECKBOX_WITH_TEXT':
    case 'BUTTON':
      need('label');
      break;
    case 'INPUT_BOX':
    case 'ASK_TO_UPLOAD_RESOURCE':
      need('prompt');
      break;
    case 'TEXT_AREA':
      need('body');
      break;
    case 'RESOURCE':
    case 'UPLOAD_RESOURCE':
      need('title');
      break;
    case 'IMAGE':
    case 'VIDEO':
      // Their words (alternative text, captions, transcript) are accessibility warnings, not missing translations:
      // an image without alternative text still shows. publishWarnings lists them.
      break;
  }
  return missing;
}

export interface BlockWarning {
  language: CourseLanguage;
  code: 'IMAGE_WITHOUT_ALT_TEXT' | 'VIDEO_WITHOUT_CAPTIONS' | 'VIDEO_WITHOUT_TRANSCRIPT';
  message: string;
}

/**
 * The publish checklist's warnings for a block in each of the course's languages: an image without alternative
 * text, a video without captions or without a transcript. Warnings do not stop publishing; errors do.
 */
export function publishWarnings(
  block: LessonBlock,
  languages: readonly CourseLanguage[],
  primary: CourseLanguage,
): BlockWarning[] {
  const warnings: BlockWarning[] = [];
  for (const language of languages) {
    if (block.type === 'IMAGE') {
      const { text } = textFor(block, language, primary);
      if (blank(text?.altText)) {
        warnings.push({
          language,
          code: 'IMAGE_WITHOUT_ALT_TEXT',
          message: 'This image has no alternative text for people who cannot see it.',
        });
      }
    }
    if (block.type === 'VIDEO') {
      const own = block.texts[language];
      if (!own?.captionsFileId) {
        warnings.push({
          language,
          code: 'VIDEO_WITHOUT_CAPTIONS',
          message: 'This video has no captions in this language.',
        });
      }
      const { text } = textFor(block, language, primary);
      if (blank(text?.transcript)) {
        warnings.push({
          language,
          code: 'VIDEO_WITHOUT_TRANSCRIPT',
          message: 'This video has no transcript for people who cannot watch it.',
        });
      }
    }
  }
  return warnings;
}

/** A small deterministic shuffle (mulberry32 over a string hash), so a learner sees the same order on every visit. */
export function shuffled<T>(items: readonly T[], seed: string): T[] {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let state = h >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** A block as a learner is served it, in one language, with no answer in it. */
export type LearnerBlock =
  | {
      type: 'MULTIPLE_CHOICE' | 'SINGLE_SELECT_QUESTION' | 'MULTIPLE_RESPONSE' | 'MULTI_SELECT_QUESTION' | 'VOTE';
      prompt: string;
      options: { key: string; label: string }[];
    }
  | { type: 'FILL_IN_BLANK'; sentence: string; blanks: string[] }
  | {
      type: 'MATCHING';
      prompt: string;
      left: { key: string; label: string }[];
      right: { key: string; label: string }[];
    }
  | { type: 'CHECKBOX_WITH_TEXT'; label: string; required: boolean }
  | {
      type: 'INPUT_BOX';
      prompt: string;
      placeholder?: string;
      required: boolean;
      multiline: boolean;
      maxLength: number;
    }
  | { type: 'ASK_TO_UPLOAD_RESOURCE'; prompt: string; required: boolean; accept: string[] }
  | { type: 'TEXT_AREA'; body: string }
  | { type: 'IMAGE'; fileId: string; altText: string; caption?: string }
  | {
      type: 'VIDEO';
      fileId: string;
      durationSeconds?: number;
      title?: string;
      captionsFileId?: string;
      transcript?: string;
    }
  | { type: 'RESOURCE'; url: string; title: string; description?: string }
  | { type: 'UPLOAD_RESOURCE'; fileId: string; title: string; description?: string }
  | { type: 'BUTTON'; action: 'NEXT' | 'LINK'; url?: string; label: string };

export type ServedBlock = LearnerBlock & {
  alignment: LessonBlock['alignment'];
  language: CourseLanguage | null;
  fallback: boolean;
};

/**
 * What the learner's browser receives for a block: the words in their language (or the primary's), the options
 * without which are right, the matching's right column shuffled by `seed` (the learner and block), and for a
 * fill-in-the-blank only the sentence. Correct answers are never in it.
 */
export function learnerBlock(
  block: LessonBlock,
  language: CourseLanguage,
  primary: CourseLanguage,
  seed: string,
): ServedBlock {
  const local = textFor(block, language, primary);
  const served = { alignment: block.alignment, language: local.language, fallback: local.fallback };
  const t = (local.text ?? {}) as Record<string, unknown>;
  const str = (field: string) => (typeof t[field] === 'string' ? (t[field] as string) : '');
  const opt = (field: string) => (typeof t[field] === 'string' && t[field] !== '' ? (t[field] as string) : undefined);
  switch (block.type) {
    case 'MULTIPLE_CHOICE':
    case 'SINGLE_SELECT_QUESTION':
    case 'MULTIPLE_RESPONSE':
    case 'MULTI_SELECT_QUESTION':
    case 'VOTE': {
      const labels = (t.options ?? {}) as Record<string, string>;
      return {
        ...served,
        type: block.type,
        prompt: str('prompt'),
        options: block.options.map((o) => ({ key: o.key, label: labels[o.key] ?? '' })),
      };
    }
    case 'FILL_IN_BLANK':
      return { ...served, type: block.type, sentence: str('sentence'), blanks: block.blanks.map((b) => b.key) };
    case 'MATCHING': {
      const pairs = (t.pairs ?? {}) as Record<string, { left: string; right: string }>;
      const left = block.pairs.map((p) => ({ key: p.key, label: pairs[p.key]?.left ?? '' }));
      const right = shuffled(
        block.pairs.map((p) => ({ key: p.key, label: pairs[p.key]?.right ?? '' })),
        seed,
      );
      return { ...served, type: block.type, prompt: str('prompt'), left, right };
    }
    case 'CHECKBOX_WITH_TEXT':
      return { ...served, type: block.type, label: str('label'), required: block.required };
    case 'INPUT_BOX':
      return {
        ...served,
        type: block.type,
        prompt: str('prompt'),
        placeholder: opt('placeholder'),
        required: block.required,
        multiline: block.multiline,
        maxLength: block.maxLength,
      };
    case 'ASK_TO_UPLOAD_RESOURCE':
      return {
        ...served,
        type: block.type,
        prompt: str('prompt'),
        required: block.required,
        accept: [...block.accept],
      };
    case 'TEXT_AREA':
      return { ...served, type: block.type, body: str('body') };
    case 'IMAGE':
      return { ...served, type: block.type, fileId: block.fileId, altText: str('altText'), caption: opt('caption') };
    case 'VIDEO': {
      // Captions are per language and never fall back: Hindi captions under an English video would mislead.
      const captionsFileId = block.texts[language]?.captionsFileId;
      return {
        ...served,
        type: block.type,
        fileId: block.fileId,
        durationSeconds: block.durationSeconds,
        title: opt('title'),
        captionsFileId,
        transcript: opt('transcript'),
      };
    }
    case 'RESOURCE':
      return { ...served, type: block.type, url: block.url, title: str('title'), description: opt('description') };
    case 'UPLOAD_RESOURCE':
      return {
        ...served,
        type: block.type,
        fileId: block.fileId,
        title: str('title'),
        description: opt('description'),
      };
    case 'BUTTON':
      return { ...served, type: block.type, action: block.action, url: block.url, label: str('label') };
  }
}

/** How answer text is compared: Unicode NFC, spaces folded, case ignored; accents and scripts kept as written. */
export function normaliseAnswerText(value: string): string {
  return value.normalize('NFC').trim().replace(/\s+/gu, ' ').toLocaleLowerCase('en');
}

/** Why an answer cannot be taken for a block (wrong type, keys the block does not have), or null when it can. */
export function answerProblem(block: LessonBlock, answer: BlockAnswer): string | null {
  if (answer.type !== block.type) return `This answer is for a ${answer.type} block, not ${block.type}`;
  const keys = new Set(keysOf(block));
  const unknown = (list: readonly string[]) => list.filter((k) => !keys.has(k));
  switch (answer.type) {
    case 'MULTIPLE_CHOICE':
    case 'SINGLE_SELECT_QUESTION':
    case 'VOTE':
      return keys.has(answer.choice) ? null : `No option ${answer.choice}`;
    case 'MULTIPLE_RESPONSE':
    case 'MULTI_SELECT_QUESTION': {
      const bad = unknown(answer.choices);
      if (bad.length) return `No option ${bad.join(', ')}`;
      return new Set(answer.choices).size === answer.choices.length ? null : 'An option is chosen twice';
    }
    case 'FILL_IN_BLANK': {
      const bad = unknown(Object.keys(answer.blanks));
      return bad.length ? `No blank ${bad.join(', ')}` : null;
    }
    case 'MATCHING': {
      const bad = unknown([...Object.keys(answer.matches), ...Object.values(answer.matches)]);
      if (bad.length) return `No pair ${bad.join(', ')}`;
      const rights = Object.values(answer.matches);
      return new Set(rights).size === rights.length ? null : 'An item on the right is matched twice';
    }
    case 'INPUT_BOX':
      return block.type === 'INPUT_BOX' && answer.text.length > block.maxLength
        ? `Use at most ${block.maxLength} characters`
        : null;
    default:
      return null;
  }
}

export type BlockResult =
  | {
      kind: 'scored';
      /** From 0 to 1. */
      score: number;
      /** The whole block right (score 1). */
      correct: boolean;
      /** Each option, blank or pair: whether the learner got that part right. */
      parts: Record<string, boolean>;
    }
  | { kind: 'unscored'; complete: boolean };

function partial(scoring: Scoring, parts: Record<string, boolean>, fraction: number): BlockResult {
  const all = Object.values(parts).every(Boolean);
  const score = scoring === 'ALL_OR_NOTHING' ? (all ? 1 : 0) : Math.min(1, Math.max(0, fraction));
  return { kind: 'scored', score, correct: score === 1, parts };
}

/**
 * Scores one answer (the caller has checked it with answerProblem). Rules:
 * - single answer (multiple choice, single select): 1 for the right option, else 0;
 * - several answers (multiple response, multi select): all-or-nothing, or partial: (right picks - wrong picks) / number
 *   of right options, never below 0, so ticking everything earns nothing;
 * - fill in the blank: a blank is right when its answer matches one accepted in the language the learner was served,
 *   or in the primary language; partial: right blanks / blanks;
 * - matching: a pair is right when its left item is matched to its own right item; partial: right pairs / pairs;
 * - the rest score nothing and are complete when given (a required box ticked, a required text not blank, a vote
 *   cast, a file handed in).
 * No answer at all scores 0 (or is incomplete).
 */
export function scoreAnswer(
  block: LessonBlock,
  answer: BlockAnswer | undefined,
  language: CourseLanguage,
  primary: CourseLanguage,
): BlockResult {
  const given = answer && answer.type === block.type ? answer : undefined;
  switch (block.type) {
    case 'MULTIPLE_CHOICE':
    case 'SINGLE_SELECT_QUESTION': {
      const choice = given && 'choice' in given ? given.choice : undefined;
      const parts = Object.fromEntries(block.options.map((o) => [o.key, (o.key === choice) === o.correct]));
      const right = block.options.find((o) => o.correct)?.key;
      const score = choice !== undefined && choice === right ? 1 : 0;
      return { kind: 'scored', score, correct: score === 1, parts };
    }
    case 'MULTIPLE_RESPONSE':
    case 'MULTI_SELECT_QUESTION': {
      const chosen = new Set(given && 'choices' in given ? given.choices : []);
      const parts = Object.fromEntries(block.options.map((o) => [o.key, chosen.has(o.key) === o.correct]));
      const rightCount = block.options.filter((o) => o.correct).length;
      const rightPicks = block.options.filter((o) => o.correct && chosen.has(o.key)).length;
      const wrongPicks = block.options.filter((o) => !o.correct && chosen.has(o.key)).length;
      return partial(block.scoring, parts, (rightPicks - wrongPicks) / rightCount);
    }
    case 'FILL_IN_BLANK': {
      const written = given && 'blanks' in given ? given.blanks : {};
      const acceptedIn = (lang: CourseLanguage, key: string) => block.texts[lang]?.accepted[key] ?? [];
      const parts: Record<string, boolean> = {};
      for (const { key } of block.blanks) {
        const accepted = new Set([...acceptedIn(language, key), ...acceptedIn(primary, key)].map(normaliseAnswerText));
        const value = written[key];
        parts[key] = value !== undefined && value.trim() !== '' && accepted.has(normaliseAnswerText(value));
      }
      const right = Object.values(parts).filter(Boolean).length;
      return partial(block.scoring, parts, right / block.blanks.length);
    }
    case 'MATCHING': {
      const matches = given && 'matches' in given ? given.matches : {};
      const parts = Object.fromEntries(block.pairs.map((p) => [p.key, matches[p.key] === p.key]));
      const right = Object.values(parts).filter(Boolean).length;
      return partial(block.scoring, parts, right / block.pairs.length);
    }
    case 'CHECKBOX_WITH_TEXT':
      return {
        kind: 'unscored',
        complete: !block.required || (given !== undefined && 'checked' in given && given.checked),
      };
    case 'INPUT_BOX':
      return {
        kind: 'unscored',
        complete: !block.required || (given !== undefined && 'text' in given && given.text.trim() !== ''),
      };
    case 'VOTE':
      return { kind: 'unscored', complete: given !== undefined };
    case 'ASK_TO_UPLOAD_RESOURCE':
      return { kind: 'unscored', complete: !block.required || given !== undefined };
    default:
      return { kind: 'unscored', complete: true };
  }
}

export interface QuizQuestionResult {
  blockId: string;
  score: number;
  correct: boolean;
}

export interface QuizResult {
  /** The sum of the questions' scores over their number, as a percentage with one decimal (for display). */
  percent: number;
  passed: boolean;
  questions: QuizQuestionResult[];
}

/**
 * A quiz attempt: each question scores 0..1 and weighs the same; the attempt passes when the score reaches the pass
 * mark (a percentage), compared exactly (2 of 3 is 66.67 %, which does not reach a pass mark of 67). A quiz with no
 * question cannot be passed (publishing refuses it).
 */
export function scoreQuiz(
  questions: readonly { blockId: string; block: LessonBlock }[],
  answers: ReadonlyMap<string, BlockAnswer>,
  passMark: number,
  language: CourseLanguage,
  primary: CourseLanguage,
): QuizResult {
  const results = questions.map(({ blockId, block }) => {
    const result = scoreAnswer(block, answers.get(blockId), language, primary);
    return result.kind === 'scored'
      ? { blockId, score: result.score, correct: result.correct }
      : { blockId, score: result.complete ? 1 : 0, correct: result.complete };
  });
  if (results.length === 0) return { percent: 0, passed: false, questions: [] };
  const total = results.reduce((sum, r) => sum + r.score, 0);
  return {
    percent: Math.floor((total / results.length) * 1000 + 1e-9) / 10,
    passed: total * 100 >= passMark * results.length - 1e-9,
    questions: results,
  };
}

/** When a quiz shows the right answers: the author's choice per quiz. */
export type AnswerReveal = 'NEVER' | 'AFTER_PASSING' | 'AFTER_LAST_ATTEMPT';

export function revealsAnswers(
  reveal: AnswerReveal,
  state: { passed: boolean; attemptsUsed: number; maxAttempts: number | null },
): boolean {
  switch (reveal) {
    case 'NEVER':
      return false;
    case 'AFTER_PASSING':
      return state.passed;
    case 'AFTER_LAST_ATTEMPT':
      return state.passed || (state.maxAttempts !== null && state.attemptsUsed >= state.maxAttempts);
  }
}

/** Helper for tests and seeds: a block narrowed by its type. */
export function isBlockOf<T extends BlockType>(block: LessonBlock, type: T): block is LessonBlockOf<T> {
  return block.type === type;
}
