import type { BlockAnswer, LessonBlock } from '../../contracts/learning/blocks.contract';
import { isAnswerable, isScored, scoreAnswer, scoreQuiz, type QuizResult } from './blocks';
import type { CourseLanguage } from './course';

/**
 * The learner's progress as pure rules: what counts as watching a video (seeking ahead does not), when a
 * lesson is done, how a quiz question of the quiz builder is scored, how many attempts are left, the course's
 * progress, next item and completion score. The server decides with these; the browser only shows the result.
 */

/** A watched stretch of a video, in seconds. */
export interface Range {
  from: number;
  to: number;
}

/** Ranges sorted and merged (touching or overlapping ones become one); empty and inverted ones dropped. */
export function mergeRanges(ranges: readonly Range[]): Range[] {
  const sorted = ranges
    .filter((r) => Number.isFinite(r.from) && Number.isFinite(r.to) && r.to > r.from)
    .sort((a, b) => a.from - b.from);
  const out: Range[] = [];
  for (const r of sorted) {
    const last = out.at(-1);
    if (last && r.from <= last.to) last.to = Math.max(last.to, r.to);
    else out.push({ from: r.from, to: r.to });
  }
  return out;
}

export function coveredSeconds(ranges: readonly Range[]): number {
  return mergeRanges(ranges).reduce((sum, r) => sum + (r.to - r.from), 0);
}

/** The parts of `range` not already in `watched` (merged), in order. */
function uncovered(range: Range, watched: readonly Range[]): Range[] {
  const out: Range[] = [];
  let at = range.from;
  for (const w of watched) {
    if (w.to <= at) continue;
    if (w.from >= range.to) break;
    if (w.from > at) out.push({ from: at, to: Math.min(w.from, range.to) });
    at = Math.max(at, w.to);
    if (at >= range.to) break;
  }
  if (at < range.to) out.push({ from: at, to: range.to });
  return out;
}

/**
 * The fastest a player plays (2x): a report may add at most this many watched seconds per second that passed since
 * the previous one, plus VIDEO_GRACE_SECONDS for the report's own delay. A jump ahead therefore adds nothing.
 */
export const MAX_PLAYBACK_RATE = 2;
export const VIDEO_GRACE_SECONDS = 5;
/** A first report (no earlier one to measure from) adds at most this much. */
export const FIRST_REPORT_SECONDS = 30;

/**
 * Credits reported stretches against what was already watched: each clipped to the video, new seconds only, and no
 * more new seconds than `allowance` (the time that passed since the last report times MAX_PLAYBACK_RATE plus grace).
 * Stretches are credited in the order reported; what exceeds the allowance is not counted (it was skipped).
 */
export function creditWatched(
  watched: readonly Range[],
  reported: readonly Range[],
  allowance: number,
  duration: number | null,
): { watched: Range[]; credited: number } {
  let budget = Math.max(0, allowance);
  let merged = mergeRanges(watched);
  let credited = 0;
  for (const r of reported) {
    const clipped = { from: Math.max(0, r.from), to: duration !== null ? Math.min(r.to, duration) : r.to };
    if (clipped.to <= clipped.from) continue;
    for (const part of uncovered(clipped, merged)) {
      if (budget <= 0) break;
      const take = Math.min(part.to - part.from, budget);
      merged = mergeRanges([...merged, { from: part.from, to: part.from + take }]);
      budget -= take;
      credited += take;
    }
  }
  return { watched: merged, credited };
}

/** How many watched seconds a report may add after `elapsedSeconds` (null: the first report). */
export function watchAllowance(elapsedSeconds: number | null): number {
  if (elapsedSeconds === null) return FIRST_REPORT_SECONDS;
  return Math.max(0, elapsedSeconds) * MAX_PLAYBACK_RATE + VIDEO_GRACE_SECONDS;
}

/** Watched to the end: all but a little (2 % of the duration, at most 2 seconds) is covered. */
export function videoWatched(watched: readonly Range[], duration: number | null): boolean {
  if (duration === null || duration <= 0) return false;
  const tolerance = Math.min(2, duration * 0.02);
  return (
    coveredSeconds(watched.map((r) => ({ from: Math.max(0, r.from), to: Math.min(duration, r.to) }))) >=
    duration - tolerance
  );
}

/** What the learner did with one block of a lesson. */
export interface LearnerBlockState {
  answer: BlockAnswer | null;
  watched: readonly Range[];
  duration: number | null;
  transcriptRead: boolean;
}

export const EMPTY_STATE: LearnerBlockState = { answer: null, watched: [], duration: null, transcriptRead: false };

export type LessonGap = { blockId: string; code: 'VIDEO_NOT_WATCHED' | 'ANSWER_MISSING' };

/**
 * What stops a lesson from being done, per block:
 * - a VIDEO must be watched to the end (seeking ahead does not count), or its transcript read where the author gave
 *   one in the learner's language (or the primary's): captions and transcripts serve those who cannot watch;
 * - every question (a knowledge check) must be answered, right or wrong: a lesson teaches, a quiz tests;
 * - a required box ticked, a required text written, a vote cast (scoreAnswer's `complete`);
 * - ASK_TO_UPLOAD_RESOURCE needs a file handed in only when required.
 * Display blocks (text, image, link, file, button) ask nothing.
 */
export function lessonGaps(
  blocks: readonly { blockId: string; block: LessonBlock }[],
  states: ReadonlyMap<string, LearnerBlockState>,
  language: CourseLanguage,
  primary: CourseLanguage,
): LessonGap[] {
  const gaps: LessonGap[] = [];
  for (const { blockId, block } of blocks) {
    const state = states.get(blockId) ?? EMPTY_STATE;
    if (block.type === 'VIDEO') {
      const duration = block.durationSeconds ?? state.duration;
      const hasTranscript = [language, primary].some((l) => (block.texts[l]?.transcript ?? '').trim() !== '');
      if (!videoWatched(state.watched, duration) && !(hasTranscript && state.transcriptRead))
        gaps.push({ blockId, code: 'VIDEO_NOT_WATCHED' });
      continue;
    }
    if (!isAnswerable(block.type)) continue;
    const answer = state.answer && state.answer.type === block.type ? state.answer : undefined;
    if (isScored(block.type)) {
      if (!answer) gaps.push({ blockId, code: 'ANSWER_MISSING' });
      continue;
    }
    const result = scoreAnswer(block, answer, language, primary);
    if (result.kind === 'unscored' && !result.complete) gaps.push({ blockId, code: 'ANSWER_MISSING' });
  }
  return gaps;
}

/** A lesson knowledge check: whether the saved answer is right (null for a block without a right answer). */
export function answerCorrect(
  block: LessonBlock,
  answer: BlockAnswer | null,
  language: CourseLanguage,
  primary: CourseLanguage,
): boolean | null {
  if (!isScored(block.type) || !answer) return null;
  const result = scoreAnswer(block, answer, language, primary);
  return result.kind === 'scored' ? result.correct : null;
}

/** A question of the quiz builder (quiz_questions): one right option (SINGLE) or several (MULTIPLE). */
export interface QuizQuestionDef {
  questionId: string;
  kind: 'SINGLE' | 'MULTIPLE';
  options: readonly { key: string; correct: boolean }[];
}

/**
 * A quiz question as the block it scores like: SINGLE as a multiple choice (the right option or nothing), MULTIPLE as
 * a multiple response scored all-or-nothing (exactly the right options). The words do not matter for scoring.
 */
export function questionAsBlock(question: QuizQuestionDef): LessonBlock {
  const options = question.options.map((o) => ({ key: o.key, correct: o.correct }));
  return question.kind === 'SINGLE'
    ? { type: 'MULTIPLE_CHOICE', alignment: 'LEFT', options, texts: {} }
    : { type: 'MULTIPLE_RESPONSE', alignment: 'LEFT', options, scoring: 'ALL_OR_NOTHING', texts: {} };
}

/** Why chosen keys cannot be taken for a question (unknown key, twice, several for a SINGLE), or null. */
export function choiceProblem(question: QuizQuestionDef, choices: readonly string[]): string | null {
  const keys = new Set(question.options.map((o) => o.key));
  const unknown = choices.filter((c) => !keys.has(c));
  if (unknown.length) return `No option ${unknown.join(', ')}`;
  if (new Set(choices).size !== choices.length) return 'An option is chosen twice';
  if (question.kind === 'SINGLE' && choices.length > 1) return 'Choose one option';
  return null;
}

function asAnswer(question: QuizQuestionDef, choices: readonly string[] | undefined): BlockAnswer | undefined {
  if (!choices || choices.length === 0) return undefined;
  return question.kind === 'SINGLE'
    ? { type: 'MULTIPLE_CHOICE', choice: choices[0] }
    : { type: 'MULTIPLE_RESPONSE', choices: [...choices] };
}

/** Scores a whole attempt of a quiz against its pass mark (scoreQuiz: equal weights, exact comparison). */
export function scoreQuizAttempt(
  questions: readonly QuizQuestionDef[],
  answers: ReadonlyMap<string, readonly string[]>,
  passMark: number,
  language: CourseLanguage,
  primary: CourseLanguage,
): QuizResult {
  const blocks = questions.map((q) => ({ blockId: q.questionId, block: questionAsBlock(q) }));
  const given = new Map<string, BlockAnswer>();
  for (const q of questions) {
    const answer = asAnswer(q, answers.get(q.questionId));
    if (answer) given.set(q.questionId, answer);
  }
  return scoreQuiz(blocks, given, passMark, language, primary);
}

/** The attempts a learner has on a quiz: the quiz's limit plus what an admin granted (null: unlimited). */
export function attemptLimit(maxAttempts: number | null, extra: number): number | null {
  return maxAttempts === null ? null : maxAttempts + Math.max(0, extra);
}

export function attemptsLeft(limit: number | null, used: number): number | null {
  return limit === null ? null : Math.max(0, limit - used);
}

/** Why another attempt is refused, or null when it may be taken. */
export function attemptRefusal(state: {
  passed: boolean;
  used: number;
  limit: number | null;
}): 'QUIZ_PASSED' | 'NO_ATTEMPTS_LEFT' | null {
  if (state.passed) return 'QUIZ_PASSED';
  if (state.limit !== null && state.used >= state.limit) return 'NO_ATTEMPTS_LEFT';
  return null;
}

export interface ContentProgress {
  contentId: string;
  kind: 'LESSON' | 'QUIZ';
  /** A lesson done, a quiz passed. */
  done: boolean;
}

/** The course's progress: whole percent of lessons done and quizzes passed, the first thing not done, complete. */
export function courseProgress(contents: readonly ContentProgress[]): {
  percent: number;
  next: ContentProgress | null;
  complete: boolean;
} {
  const total = contents.length;
  const done = contents.filter((c) => c.done).length;
  const percent = total === 0 ? 0 : Math.floor((done / total) * 100);
  return { percent, next: contents.find((c) => !c.done) ?? null, complete: total > 0 && done === total };
}

/** The completion's score: the average of the quizzes' best scores, one decimal, rounded down; null without quizzes. */
export function completionScore(bestScores: readonly number[]): number | null {
  if (bestScores.length === 0) return null;
  const sum = bestScores.reduce((a, b) => a + b, 0);
  return Math.floor((sum / bestScores.length) * 10 + 1e-9) / 10;
}

/**
 * A certificate's verification code: 12 characters of an alphabet without look-alikes (no 0/O, 1/I), in groups of
 * four, from `random` bytes (at least 12). About 60 bits: not guessable by trying.
 */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function verificationCode(random: Uint8Array): string {
  if (random.length < 12) throw new Error('A verification code needs 12 random bytes');
  const chars = Array.from(random.subarray(0, 12), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]);
  return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8, 12)].map((g) => g.join('')).join('-');
}
