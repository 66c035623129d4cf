import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES, type BlockAnswer, LessonBlock } from '../../../src/contracts/learning/blocks.contract';
import {
  answerCorrect,
  attemptLimit,
  attemptRefusal,
  attemptsLeft,
  choiceProblem,
  CODE_ALPHABET,
  completionScore,
  courseProgress,
  coveredSeconds,
  creditWatched,
  EMPTY_STATE,
  lessonGaps,
  mergeRanges,
  questionAsBlock,
  scoreQuizAttempt,
  verificationCode,
  videoWatched,
  watchAllowance,
  type LearnerBlockState,
} from '../../../src/domain/courses/progress';

const FILE = '00000000-0000-4000-8000-000000000001';
const en = <T>(text: T) => ({ ENGLISH: text });

/** One block of each of the sixteen types, with what a learner gives to complete it (none: it asks nothing). */
const BLOCKS: { block: LessonBlock; right?: BlockAnswer; wrong?: BlockAnswer; incomplete?: BlockAnswer }[] = [
  {
    block: LessonBlock.parse({ type: 'CHECKBOX_WITH_TEXT', texts: en({ label: 'I agree' }) }),
    right: { type: 'CHECKBOX_WITH_TEXT', checked: true },
    incomplete: { type: 'CHECKBOX_WITH_TEXT', checked: false },
  },
  {
    block: LessonBlock.parse({
      type: 'MULTIPLE_CHOICE',
      options: [
        { key: 'a', correct: true },
        { key: 'b', correct: false },
      ],
      texts: en({ prompt: 'Q', options: { a: 'A', b: 'B' } }),
    }),
    right: { type: 'MULTIPLE_CHOICE', choice: 'a' },
    wrong: { type: 'MULTIPLE_CHOICE', choice: 'b' },
  },
  {
    block: LessonBlock.parse({
      type: 'MULTIPLE_RESPONSE',
      options: [
        { key: 'a', correct: true },
        { key: 'b', correct: true },
        { key: 'c', correct: false },
      ],
      texts: en({ prompt: 'Q', options: { a: 'A', b: 'B', c: 'C' } }),
    }),
    right: { type: 'MULTIPLE_RESPONSE', choices: ['a', 'b'] },
    wrong: { type: 'MULTIPLE_RESPONSE', choices: ['a', 'c'] },
  },
  {
    block: LessonBlock.parse({
      type: 'FILL_IN_BLANK',
      blanks: [{ key: 'd' }],
      texts: en({ sentence: 'Within {{d}} days', accepted: { d: ['90'] } }),
    }),
    right: { type: 'FILL_IN_BLANK', blanks: { d: ' 90 ' } },
    wrong: { type: 'FILL_IN_BLANK', blanks: { d: '30' } },
  },
  {
    block: LessonBlock.parse({
      type: 'MATCHING',
      pairs: [{ key: 'x' }, { key: 'y' }],
      texts: en({ prompt: 'Match', pairs: { x: { left: 'X', right: '1' }, y: { left: 'Y', right: '2' } } }),
    }),
    right: { type: 'MATCHING', matches: { x: 'x', y: 'y' } },
    wrong: { type: 'MATCHING', matches: { x: 'y', y: 'x' } },
  },
  {
    block: LessonBlock.parse({ type: 'INPUT_BOX', required: true, texts: en({ prompt: 'Why?' }) }),
    right: { type: 'INPUT_BOX', text: 'Because' },
    incomplete: { type: 'INPUT_BOX', text: '   ' },
  },
  { block: LessonBlock.parse({ type: 'IMAGE', fileId: FILE, texts: en({ altText: 'An office' }) }) },
  {
    block: LessonBlock.parse({
      type: 'MULTI_SELECT_QUESTION',
      options: [
        { key: 'a', correct: true },
        { key: 'b', correct: false },
      ],
      texts: en({ prompt: 'Q', options: { a: 'A', b: 'B' } }),
    }),
    right: { type: 'MULTI_SELECT_QUESTION', choices: ['a'] },
    wrong: { type: 'MULTI_SELECT_QUESTION', choices: ['a', 'b'] },
  },
  {
    block: LessonBlock.parse({ type: 'VIDEO', fileId: FILE, durationSeconds: 100, texts: en({ transcript: 'Hello' }) }),
  },
  { block: LessonBlock.parse({ type: 'TEXT_AREA', texts: en({ body: 'Text' }) }) },
  { block: LessonBlock.parse({ type: 'RESOURCE', url: 'https://example.org', texts: en({ title: 'Link' }) }) },
  { block: LessonBlock.parse({ type: 'UPLOAD_RESOURCE', fileId: FILE, texts: en({ title: 'Handbook' }) }) },
  { block: LessonBlock.parse({ type: 'BUTTON', texts: en({ label: 'Next' }) }) },
  {
    block: LessonBlock.parse({
      type: 'SINGLE_SELECT_QUESTION',
      options: [
        { key: 'y', correct: true },
        { key: 'n', correct: false },
      ],
      texts: en({ prompt: 'Q', options: { y: 'Yes', n: 'No' } }),
    }),
    right: { type: 'SINGLE_SELECT_QUESTION', choice: 'y' },
    wrong: { type: 'SINGLE_SELECT_QUESTION', choice: 'n' },
  },
  {
    block: LessonBlock.parse({ type: 'ASK_TO_UPLOAD_RESOURCE', texts: en({ prompt: 'Upload' }) }),
    right: { type: 'ASK_TO_UPLOAD_RESOURCE', fileId: FILE },
  },
  {
    block: LessonBlock.parse({
      type: 'VOTE',
      options: [{ key: 'a' }, { key: 'b' }],
      texts: en({ prompt: 'Clear?', options: { a: 'Yes', b: 'No' } }),
    }),
    right: { type: 'VOTE', choice: 'b' },
  },
];

const state = (answer: BlockAnswer | null, extra: Partial<LearnerBlockState> = {}): LearnerBlockState => ({
  ...EMPTY_STATE,
  answer,
  ...extra,
});

describe('video watching', () => {
  it('merges overlapping and touching ranges, and drops empty ones', () => {
    expect(
      mergeRanges([
        { from: 10, to: 20 },
        { from: 0, to: 5 },
        { from: 5, to: 8 },
        { from: 15, to: 30 },
        { from: 40, to: 40 },
      ]),
    ).toEqual([
      { from: 0, to: 8 },
      { from: 10, to: 30 },
    ]);
    expect(
      coveredSeconds([
        { from: 0, to: 10 },
        { from: 5, to: 15 },
      ]),
    ).toBe(15);
  });

  it('credits only what is new, within the time that passed: a seek ahead adds nothing', () => {
    // 10 s after the last report, at most 10 * 2 + 5 = 25 new seconds count.
    const seek = creditWatched([{ from: 0, to: 30 }], [{ from: 30, to: 300 }], watchAllowance(10), 300);
    expect(seek.credited).toBe(25);
    expect(seek.watched).toEqual([{ from: 0, to: 55 }]);
    // Re-watching counts nothing new.
    expect(creditWatched([{ from: 0, to: 30 }], [{ from: 0, to: 30 }], 100, 300).credited).toBe(0);
    // Ranges beyond the video's end are clipped to it.
    expect(creditWatched([], [{ from: 90, to: 500 }], 1000, 100).watched).toEqual([{ from: 90, to: 100 }]);
    expect(watchAllowance(null)).toBe(30);
    expect(watchAllowance(-5)).toBe(5);
  });

  it('counts a video watched when all but a little is covered, never without a duration', () => {
    expect(videoWatched([{ from: 0, to: 98.5 }], 100)).toBe(true);
    expect(
      videoWatched(
        [
          { from: 0, to: 50 },
          { from: 51, to: 100 },
        ],
        100,
      ),
    ).toBe(true);
    expect(videoWatched([{ from: 0, to: 90 }], 100)).toBe(false);
    expect(videoWatched([{ from: 0, to: 2.95 }], 3)).toBe(true);
    expect(videoWatched([{ from: 0, to: 100 }], null)).toBe(false);
  });
});

describe('lesson completion, for every block type', () => {
  const blocks = BLOCKS.map(({ block }, i) => ({ blockId: `b${i}`, block }));
  const idOf = (type: string) => blocks.find((b) => b.block.type === type)!.blockId;

  it('covers the sixteen types', () => {
    expect(BLOCKS.map((b) => b.block.type).sort()).toEqual([...BLOCK_TYPES].sort());
  });

  it('asks nothing of display blocks, an answer of every question and required block, and a watched video', () => {
    const gaps = lessonGaps(blocks, new Map(), 'ENGLISH', 'ENGLISH');
    const byBlock = Object.fromEntries(gaps.map((g) => [g.blockId, g.code]));
    for (const type of ['IMAGE', 'TEXT_AREA', 'RESOURCE', 'UPLOAD_RESOURCE', 'BUTTON'])
      expect(byBlock[idOf(type)], type).toBeUndefined();
    expect(byBlock[idOf('VIDEO')]).toBe('VIDEO_NOT_WATCHED');
    for (const type of [
      'CHECKBOX_WITH_TEXT',
      'MULTIPLE_CHOICE',
      'MULTIPLE_RESPONSE',
      'FILL_IN_BLANK',
      'MATCHING',
      'INPUT_BOX',
      'MULTI_SELECT_QUESTION',
      'SINGLE_SELECT_QUESTION',
      'ASK_TO_UPLOAD_RESOURCE',
      'VOTE',
    ]) {
      expect(byBlock[idOf(type)], type).toBe('ANSWER_MISSING');
    }
  });

  it('takes a wrong answer to a question (a lesson teaches), but not an unticked required box or a blank required text', () => {
    const states = new Map<string, LearnerBlockState>();
    BLOCKS.forEach((b, i) => states.set(`b${i}`, state(b.wrong ?? b.incomplete ?? b.right ?? null)));
    states.set(idOf('VIDEO'), state(null, { watched: [{ from: 0, to: 100 }] }));
    const gaps = lessonGaps(blocks, states, 'ENGLISH', 'ENGLISH')
      .map((g) => g.blockId)
      .sort();
    expect(gaps).toEqual([idOf('CHECKBOX_WITH_TEXT'), idOf('INPUT_BOX')].sort());
  });

  it('is done with every answer given and the video watched, or its transcript read', () => {
    const states = new Map<string, LearnerBlockState>();
    BLOCKS.forEach((b, i) => states.set(`b${i}`, state(b.right ?? null)));
    states.set(idOf('VIDEO'), state(null, { transcriptRead: true }));
    expect(lessonGaps(blocks, states, 'ENGLISH', 'ENGLISH')).toEqual([]);
    // Without a transcript, reading it is not possible: the video must be watched.
    const noTranscript = [
      { blockId: 'v', block: LessonBlock.parse({ type: 'VIDEO', fileId: FILE, durationSeconds: 10, texts: en({}) }) },
    ];
    expect(
      lessonGaps(noTranscript, new Map([['v', state(null, { transcriptRead: true })]]), 'ENGLISH', 'ENGLISH'),
    ).toHaveLength(1);
    // A video without a duration from the author uses the one the player reported.
    expect(
      lessonGaps(
        noTranscript.map((b) => ({ ...b, block: { ...b.block, durationSeconds: undefined } as LessonBlock })),
        new Map([['v', state(null, { duration: 20, watched: [{ from: 0, to: 20 }] })]]),
        'ENGLISH',
        'ENGLISH',
      ),
    ).toEqual([]);
  });

  it('says whether a knowledge check is right for the six scored types, and nothing for the rest', () => {
    for (const { block, right, wrong } of BLOCKS) {
      if (wrong) {
        expect(answerCorrect(block, right!, 'ENGLISH', 'ENGLISH'), block.type).toBe(true);
        expect(answerCorrect(block, wrong, 'ENGLISH', 'ENGLISH'), block.type).toBe(false);
      } else {
        expect(answerCorrect(block, right ?? null, 'ENGLISH', 'ENGLISH'), block.type).toBeNull();
      }
    }
  });
});

describe('quiz questions and attempts', () => {
  const single = {
    questionId: 'q1',
    kind: 'SINGLE' as const,
    options: [
      { key: 'a', correct: true },
      { key: 'b', correct: false },
    ],
  };
  const multiple = {
    questionId: 'q2',
    kind: 'MULTIPLE' as const,
    options: [
      { key: 'a', correct: true },
      { key: 'b', correct: true },
      { key: 'c', correct: false },
    ],
  };

  it('scores a SINGLE question like a multiple choice and a MULTIPLE one all-or-nothing', () => {
    expect(questionAsBlock(single).type).toBe('MULTIPLE_CHOICE');
    expect(questionAsBlock(multiple)).toMatchObject({ type: 'MULTIPLE_RESPONSE', scoring: 'ALL_OR_NOTHING' });
    const all = scoreQuizAttempt(
      [single, multiple],
      new Map([
        ['q1', ['a']],
        ['q2', ['a', 'b']],
      ]),
      100,
      'ENGLISH',
      'ENGLISH',
    );
    expect(all).toMatchObject({ percent: 100, passed: true });
    const half = scoreQuizAttempt(
      [single, multiple],
      new Map([
        ['q1', ['a']],
        ['q2', ['a']],
      ]),
      50,
      'ENGLISH',
      'ENGLISH',
    );
    expect(half).toMatchObject({ percent: 50, passed: true, questions: [{ correct: true }, { correct: false }] });
    const everything = scoreQuizAttempt([multiple], new Map([['q2', ['a', 'b', 'c']]]), 1, 'ENGLISH', 'ENGLISH');
    expect(everything).toMatchObject({ percent: 0, passed: false });
    // Unanswered scores 0; 2 of 3 is 66.6 % and does not reach 67.
    const three = [single, { ...single, questionId: 'q3' }, { ...single, questionId: 'q4' }];
    expect(
      scoreQuizAttempt(
        three,
        new Map([
          ['q1', ['a']],
          ['q3', ['a']],
        ]),
        67,
        'ENGLISH',
        'ENGLISH',
      ),
    ).toMatchObject({ percent: 66.6, passed: false });
  });

  it('refuses unknown, repeated, or several choices for a SINGLE question', () => {
    expect(choiceProblem(single, ['z'])).toMatch(/No option z/);
    expect(choiceProblem(multiple, ['a', 'a'])).toMatch(/twice/);
    expect(choiceProblem(single, ['a', 'b'])).toMatch(/one/);
    expect(choiceProblem(multiple, ['a', 'b'])).toBeNull();
    expect(choiceProblem(single, [])).toBeNull();
  });

  it('counts attempts: the limit plus granted extras, refused after passing or at the limit', () => {
    expect(attemptLimit(3, 2)).toBe(5);
    expect(attemptLimit(null, 2)).toBeNull();
    expect(attemptsLeft(5, 2)).toBe(3);
    expect(attemptsLeft(2, 5)).toBe(0);
    expect(attemptsLeft(null, 9)).toBeNull();
    expect(attemptRefusal({ passed: true, used: 1, limit: 3 })).toBe('QUIZ_PASSED');
    expect(attemptRefusal({ passed: false, used: 3, limit: 3 })).toBe('NO_ATTEMPTS_LEFT');
    expect(attemptRefusal({ passed: false, used: 3, limit: null })).toBeNull();
    expect(attemptRefusal({ passed: false, used: 2, limit: 3 })).toBeNull();
  });
});

describe('course progress and completion', () => {
  it('counts lessons done and quizzes passed, names the first not done, and is complete only with all', () => {
    expect(courseProgress([])).toEqual({ percent: 0, next: null, complete: false });
    const contents = [
      { contentId: 'l1', kind: 'LESSON' as const, done: true },
      { contentId: 'q1', kind: 'QUIZ' as const, done: false },
      { contentId: 'l2', kind: 'LESSON' as const, done: true },
    ];
    expect(courseProgress(contents)).toEqual({ percent: 66, next: contents[1], complete: false });
    expect(courseProgress(contents.map((c) => ({ ...c, done: true })))).toMatchObject({
      percent: 100,
      next: null,
      complete: true,
    });
  });

  it('scores a completion as the average best quiz score, and none without quizzes', () => {
    expect(completionScore([])).toBeNull();
    expect(completionScore([100, 66.6])).toBe(83.3);
    expect(completionScore([70])).toBe(70);
  });

  it('makes verification codes of 12 unambiguous characters in three groups', () => {
    const code = verificationCode(new Uint8Array(Array.from({ length: 12 }, (_, i) => i * 37)));
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(code).not.toMatch(/[01IO]/);
    expect(CODE_ALPHABET).toHaveLength(32);
    expect(() => verificationCode(new Uint8Array(4))).toThrow();
  });
});
