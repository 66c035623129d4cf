import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES, BlockAnswer, LessonBlock } from '../../../src/contracts/learning/blocks.contract';
import {
  answerProblem,
  isAnswerable,
  isScored,
  learnerBlock,
  missingTranslation,
  normaliseAnswerText,
  publishWarnings,
  revealsAnswers,
  scoreAnswer,
  scoreQuiz,
  shuffled,
  textFor,
} from '../../../src/domain/courses/blocks';

const FILE = '00000000-0000-4000-8000-000000000001';
const CAPTIONS = '00000000-0000-4000-8000-000000000002';

const choice = (type: 'MULTIPLE_CHOICE' | 'SINGLE_SELECT_QUESTION') =>
  LessonBlock.parse({
    type,
    options: [
      { key: 'a', correct: false },
      { key: 'b', correct: true },
      { key: 'c', correct: false },
    ],
    texts: {
      ENGLISH: {
        prompt: 'Who can file a complaint?',
        options: { a: 'Only managers', b: 'Any aggrieved woman', c: 'Nobody' },
      },
      HINDI: {
        prompt: 'शिकायत कौन दर्ज कर सकता है?',
        options: { a: 'केवल प्रबंधक', b: 'कोई भी पीड़ित महिला', c: 'कोई नहीं' },
      },
    },
  });

const several = (type: 'MULTIPLE_RESPONSE' | 'MULTI_SELECT_QUESTION', scoring: 'PARTIAL' | 'ALL_OR_NOTHING') =>
  LessonBlock.parse({
    type,
    scoring,
    options: [
      { key: 'a', correct: true },
      { key: 'b', correct: true },
      { key: 'c', correct: false },
      { key: 'd', correct: false },
    ],
    texts: {
      ENGLISH: {
        prompt: 'Which are harassment?',
        options: { a: 'Unwelcome remarks', b: 'Showing pornography', c: 'A greeting', d: 'Feedback on work' },
      },
    },
  });

const fill = (scoring: 'PARTIAL' | 'ALL_OR_NOTHING' = 'PARTIAL') =>
  LessonBlock.parse({
    type: 'FILL_IN_BLANK',
    scoring,
    blanks: [{ key: 'months' }, { key: 'body' }],
    texts: {
      ENGLISH: {
        sentence: 'A complaint may be filed within {{months}} months, to the {{body}}.',
        accepted: { months: ['3', 'three'], body: ['Internal Committee', 'IC'] },
      },
      HINDI: {
        sentence: 'शिकायत {{months}} महीने के भीतर {{body}} को दी जा सकती है।',
        accepted: { months: ['तीन', '3'], body: ['आंतरिक समिति'] },
      },
    },
  });

const matching = (scoring: 'PARTIAL' | 'ALL_OR_NOTHING' = 'PARTIAL') =>
  LessonBlock.parse({
    type: 'MATCHING',
    scoring,
    pairs: [{ key: 'ic' }, { key: 'lc' }, { key: 'po' }],
    texts: {
      ENGLISH: {
        prompt: 'Match each body to what it does',
        pairs: {
          ic: { left: 'Internal Committee', right: 'Hears complaints at the workplace' },
          lc: { left: 'Local Committee', right: 'Hears complaints against the employer' },
          po: { left: 'Presiding Officer', right: 'Chairs the committee' },
        },
      },
    },
  });

/** One valid block of each of the sixteen types, in English and Hindi where it has words. */
const everyType: Record<(typeof BLOCK_TYPES)[number], unknown> = {
  CHECKBOX_WITH_TEXT: {
    type: 'CHECKBOX_WITH_TEXT',
    texts: { ENGLISH: { label: 'I have read the policy' }, HINDI: { label: 'मैंने नीति पढ़ ली है' } },
  },
  MULTIPLE_CHOICE: choice('MULTIPLE_CHOICE'),
  MULTIPLE_RESPONSE: several('MULTIPLE_RESPONSE', 'PARTIAL'),
  FILL_IN_BLANK: fill(),
  MATCHING: matching(),
  INPUT_BOX: { type: 'INPUT_BOX', multiline: true, texts: { ENGLISH: { prompt: 'What would you do?' } } },
  IMAGE: { type: 'IMAGE', alignment: 'CENTER', fileId: FILE, texts: { ENGLISH: { altText: 'A committee meeting' } } },
  MULTI_SELECT_QUESTION: several('MULTI_SELECT_QUESTION', 'ALL_OR_NOTHING'),
  VIDEO: {
    type: 'VIDEO',
    fileId: FILE,
    durationSeconds: 90,
    texts: { ENGLISH: { captionsFileId: CAPTIONS, transcript: 'Hello' } },
  },
  TEXT_AREA: {
    type: 'TEXT_AREA',
    alignment: 'RIGHT',
    texts: { ENGLISH: { body: '# Welcome' }, HINDI: { body: '# स्वागत है' } },
  },
  RESOURCE: {
    type: 'RESOURCE',
    url: 'https://example.org/posh-act.pdf',
    texts: { ENGLISH: { title: 'The POSH Act' } },
  },
  UPLOAD_RESOURCE: { type: 'UPLOAD_RESOURCE', fileId: FILE, texts: { ENGLISH: { title: 'Handbook' } } },
  BUTTON: { type: 'BUTTON', action: 'LINK', url: 'https://example.org', texts: { ENGLISH: { label: 'Read more' } } },
  SINGLE_SELECT_QUESTION: choice('SINGLE_SELECT_QUESTION'),
  ASK_TO_UPLOAD_RESOURCE: {
    type: 'ASK_TO_UPLOAD_RESOURCE',
    texts: { ENGLISH: { prompt: 'Upload your signed declaration' } },
  },
  VOTE: {
    type: 'VOTE',
    options: [{ key: 'y' }, { key: 'n' }],
    texts: { ENGLISH: { prompt: 'Was this clear?', options: { y: 'Yes', n: 'No' } } },
  },
};

describe('lesson block schemas', () => {
  it('accepts one block of each of the sixteen types, and alignment defaults to left', () => {
    expect(Object.keys(everyType).sort()).toEqual([...BLOCK_TYPES].sort());
    for (const raw of Object.values(everyType)) {
      const parsed = LessonBlock.safeParse(raw);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    }
    expect(LessonBlock.parse(everyType.CHECKBOX_WITH_TEXT).alignment).toBe('LEFT');
    expect(LessonBlock.parse(everyType.IMAGE).alignment).toBe('CENTER');
  });

  it('refuses a single-answer question without exactly one right answer, naming the field', () => {
    const none = LessonBlock.safeParse({
      ...choice('MULTIPLE_CHOICE'),
      options: [
        { key: 'a', correct: false },
        { key: 'b', correct: false },
      ],
    });
    expect(none.success).toBe(false);
    expect(none.error?.issues[0]).toMatchObject({
      path: ['options'],
      message: 'Mark exactly one option as the correct answer',
    });
    const two = LessonBlock.safeParse({
      ...choice('SINGLE_SELECT_QUESTION'),
      options: [
        { key: 'a', correct: true },
        { key: 'b', correct: true },
      ],
    });
    expect(two.success).toBe(false);
  });

  it('refuses a several-answer question with no right answer, and keys used twice', () => {
    const none = LessonBlock.safeParse({
      ...several('MULTIPLE_RESPONSE', 'PARTIAL'),
      options: [
        { key: 'a', correct: false },
        { key: 'b', correct: false },
      ],
    });
    expect(none.error?.issues.map((i) => i.message)).toContain('Mark at least one option as a correct answer');
    const twice = LessonBlock.safeParse({
      ...several('MULTIPLE_RESPONSE', 'PARTIAL'),
      options: [
        { key: 'a', correct: true },
        { key: 'a', correct: false },
      ],
    });
    expect(twice.error?.issues.map((i) => i.message)).toContain('The key a is used twice');
  });

  it('refuses a fill-in-the-blank whose sentence lacks a blank, names an unknown one, or has no accepted answers', () => {
    const block = fill();
    const lacks = LessonBlock.safeParse({
      ...block,
      texts: { ENGLISH: { sentence: 'Within {{months}} months.', accepted: { months: ['3'], body: ['IC'] } } },
    });
    expect(lacks.error?.issues).toEqual([
      expect.objectContaining({
        path: ['texts', 'ENGLISH', 'sentence'],
        message: 'Put the blank {{body}} in the sentence once',
      }),
    ]);
    const unknown = LessonBlock.safeParse({
      ...block,
      texts: { ENGLISH: { sentence: '{{months}} {{body}} {{extra}}', accepted: { months: ['3'], body: ['IC'] } } },
    });
    expect(unknown.error?.issues.map((i) => i.message)).toContain('{{extra}} is not a blank of this block');
    const noAnswers = LessonBlock.safeParse({
      ...block,
      texts: { ENGLISH: { sentence: '{{months}} {{body}}', accepted: { months: ['3'] } } },
    });
    expect(noAnswers.error?.issues[0]?.path).toEqual(['texts', 'ENGLISH', 'accepted', 'body']);
  });

  it('refuses links that are not http(s), a link button without its address, unknown fields and languages', () => {
    expect(LessonBlock.safeParse({ ...(everyType.RESOURCE as object), url: 'javascript:alert(1)' }).success).toBe(
      false,
    );
    const button = LessonBlock.safeParse({ type: 'BUTTON', action: 'LINK', texts: { ENGLISH: { label: 'Go' } } });
    expect(button.error?.issues[0]?.path).toEqual(['url']);
    expect(LessonBlock.safeParse({ ...(everyType.TEXT_AREA as object), colour: 'red' }).success).toBe(false);
    expect(LessonBlock.safeParse({ type: 'TEXT_AREA', texts: { KLINGON: { body: 'x' } } }).success).toBe(false);
    expect(LessonBlock.safeParse({ type: 'SLIDESHOW', texts: {} }).success).toBe(false);
  });
});

describe('scoring', () => {
  const answer = (raw: unknown) => BlockAnswer.parse(raw);

  it.each(['MULTIPLE_CHOICE', 'SINGLE_SELECT_QUESTION'] as const)(
    '%s: the right option scores 1, any other 0, none 0',
    (type) => {
      const block = choice(type);
      expect(scoreAnswer(block, answer({ type, choice: 'b' }), 'ENGLISH', 'ENGLISH')).toMatchObject({
        score: 1,
        correct: true,
      });
      expect(scoreAnswer(block, answer({ type, choice: 'a' }), 'ENGLISH', 'ENGLISH')).toMatchObject({
        score: 0,
        correct: false,
        parts: { a: false, b: false, c: true },
      });
      expect(scoreAnswer(block, undefined, 'ENGLISH', 'ENGLISH')).toMatchObject({ score: 0, correct: false });
    },
  );

  it.each(['MULTIPLE_RESPONSE', 'MULTI_SELECT_QUESTION'] as const)(
    '%s, partial: right picks less wrong picks, never below 0',
    (type) => {
      const block = several(type, 'PARTIAL');
      const score = (choices: string[]) => scoreAnswer(block, answer({ type, choices }), 'ENGLISH', 'ENGLISH');
      expect(score(['a', 'b'])).toMatchObject({ score: 1, correct: true });
      expect(score(['a'])).toMatchObject({
        score: 0.5,
        correct: false,
        parts: { a: true, b: false, c: true, d: true },
      });
      expect(score(['a', 'c'])).toMatchObject({ score: 0 });
      // Ticking everything earns nothing.
      expect(score(['a', 'b', 'c', 'd'])).toMatchObject({ score: 0 });
      expect(score(['c', 'd'])).toMatchObject({ score: 0 });
    },
  );

  it.each(['MULTIPLE_RESPONSE', 'MULTI_SELECT_QUESTION'] as const)(
    '%s, all or nothing: only the exact set scores',
    (type) => {
      const block = several(type, 'ALL_OR_NOTHING');
      expect(scoreAnswer(block, answer({ type, choices: ['b', 'a'] }), 'ENGLISH', 'ENGLISH')).toMatchObject({
        score: 1,
      });
      expect(scoreAnswer(block, answer({ type, choices: ['a'] }), 'ENGLISH', 'ENGLISH')).toMatchObject({ score: 0 });
    },
  );

  it('fill in the blank: case, spaces and Unicode forms are ignored; partial credit per blank', () => {
    const block = fill();
    const score = (blanks: Record<string, string>, language: 'ENGLISH' | 'HINDI' = 'ENGLISH') =>
      scoreAnswer(block, answer({ type: 'FILL_IN_BLANK', blanks }), language, 'ENGLISH');
    expect(score({ months: ' Three ', body: 'internal   committee' })).toMatchObject({ score: 1, correct: true });
    expect(score({ months: '3', body: 'HR' })).toMatchObject({ score: 0.5, parts: { months: true, body: false } });
    expect(score({ months: '', body: '' })).toMatchObject({ score: 0 });
    expect(score({})).toMatchObject({ score: 0 });
  });

  it('fill in the blank: a Hindi learner is scored against the Hindi answers, and the primary language’s too', () => {
    const block = fill();
    const hindi = (blanks: Record<string, string>) =>
      scoreAnswer(block, answer({ type: 'FILL_IN_BLANK', blanks }), 'HINDI', 'ENGLISH');
    expect(hindi({ months: 'तीन', body: 'आंतरिक समिति' })).toMatchObject({ score: 1 });
    expect(hindi({ months: 'three', body: 'IC' })).toMatchObject({ score: 1 });
    // Decomposed and composed forms of the same Devanagari text are the same answer.
    expect(normaliseAnswerText('क़'.normalize('NFD'))).toBe(normaliseAnswerText('क़'.normalize('NFC')));
  });

  it('fill in the blank, all or nothing: one wrong blank scores 0', () => {
    expect(
      scoreAnswer(
        fill('ALL_OR_NOTHING'),
        answer({ type: 'FILL_IN_BLANK', blanks: { months: '3', body: 'HR' } }),
        'ENGLISH',
        'ENGLISH',
      ),
    ).toMatchObject({
      score: 0,
    });
  });

  it('matching: each pair matched to its own counts; partial or all or nothing', () => {
    const matches = { ic: 'ic', lc: 'po', po: 'lc' };
    expect(scoreAnswer(matching(), answer({ type: 'MATCHING', matches }), 'ENGLISH', 'ENGLISH')).toMatchObject({
      parts: { ic: true, lc: false, po: false },
    });
    const partialScore = scoreAnswer(matching(), answer({ type: 'MATCHING', matches }), 'ENGLISH', 'ENGLISH');
    expect(partialScore.kind === 'scored' && partialScore.score).toBeCloseTo(1 / 3);
    expect(
      scoreAnswer(matching('ALL_OR_NOTHING'), answer({ type: 'MATCHING', matches }), 'ENGLISH', 'ENGLISH'),
    ).toMatchObject({ score: 0 });
    expect(
      scoreAnswer(
        matching(),
        answer({ type: 'MATCHING', matches: { ic: 'ic', lc: 'lc', po: 'po' } }),
        'ENGLISH',
        'ENGLISH',
      ),
    ).toMatchObject({
      score: 1,
    });
  });

  it('answers without a right answer are never scored, only complete or not', () => {
    const checkbox = LessonBlock.parse(everyType.CHECKBOX_WITH_TEXT);
    expect(scoreAnswer(checkbox, answer({ type: 'CHECKBOX_WITH_TEXT', checked: false }), 'ENGLISH', 'ENGLISH')).toEqual(
      { kind: 'unscored', complete: false },
    );
    expect(scoreAnswer(checkbox, answer({ type: 'CHECKBOX_WITH_TEXT', checked: true }), 'ENGLISH', 'ENGLISH')).toEqual({
      kind: 'unscored',
      complete: true,
    });
    const input = LessonBlock.parse({ type: 'INPUT_BOX', required: true, texts: { ENGLISH: { prompt: 'Why?' } } });
    expect(scoreAnswer(input, answer({ type: 'INPUT_BOX', text: '   ' }), 'ENGLISH', 'ENGLISH')).toEqual({
      kind: 'unscored',
      complete: false,
    });
    expect(scoreAnswer(input, answer({ type: 'INPUT_BOX', text: 'Because' }), 'ENGLISH', 'ENGLISH')).toEqual({
      kind: 'unscored',
      complete: true,
    });
    const vote = LessonBlock.parse(everyType.VOTE);
    expect(scoreAnswer(vote, undefined, 'ENGLISH', 'ENGLISH')).toEqual({ kind: 'unscored', complete: false });
    expect(scoreAnswer(vote, answer({ type: 'VOTE', choice: 'y' }), 'ENGLISH', 'ENGLISH')).toEqual({
      kind: 'unscored',
      complete: true,
    });
    const upload = LessonBlock.parse(everyType.ASK_TO_UPLOAD_RESOURCE);
    expect(scoreAnswer(upload, undefined, 'ENGLISH', 'ENGLISH')).toEqual({ kind: 'unscored', complete: false });
    expect(scoreAnswer(upload, answer({ type: 'ASK_TO_UPLOAD_RESOURCE', fileId: FILE }), 'ENGLISH', 'ENGLISH')).toEqual(
      { kind: 'unscored', complete: true },
    );
    expect(scoreAnswer(LessonBlock.parse(everyType.TEXT_AREA), undefined, 'ENGLISH', 'ENGLISH')).toEqual({
      kind: 'unscored',
      complete: true,
    });
  });

  it('classifies the types: six scored, four answered without a right answer, six shown only', () => {
    expect(BLOCK_TYPES.filter(isScored)).toHaveLength(6);
    expect(BLOCK_TYPES.filter((t) => isAnswerable(t) && !isScored(t))).toEqual([
      'CHECKBOX_WITH_TEXT',
      'INPUT_BOX',
      'ASK_TO_UPLOAD_RESOURCE',
      'VOTE',
    ]);
    expect(BLOCK_TYPES.filter((t) => !isAnswerable(t))).toHaveLength(6);
  });

  it('refuses answers of another type or with keys the block does not have', () => {
    const block = choice('MULTIPLE_CHOICE');
    expect(answerProblem(block, answer({ type: 'MULTIPLE_CHOICE', choice: 'b' }))).toBeNull();
    expect(answerProblem(block, answer({ type: 'MULTIPLE_CHOICE', choice: 'z' }))).toBe('No option z');
    expect(answerProblem(block, answer({ type: 'VOTE', choice: 'b' }))).toMatch(/not MULTIPLE_CHOICE/);
    expect(
      answerProblem(
        several('MULTIPLE_RESPONSE', 'PARTIAL'),
        answer({ type: 'MULTIPLE_RESPONSE', choices: ['a', 'a'] }),
      ),
    ).toBe('An option is chosen twice');
    expect(answerProblem(matching(), answer({ type: 'MATCHING', matches: { ic: 'lc', lc: 'lc' } }))).toBe(
      'An item on the right is matched twice',
    );
    expect(answerProblem(fill(), answer({ type: 'FILL_IN_BLANK', blanks: { when: 'x' } }))).toBe('No blank when');
  });
});

describe('quizzes', () => {
  const q1 = { blockId: 'q1', block: choice('MULTIPLE_CHOICE') };
  const q2 = { blockId: 'q2', block: several('MULTIPLE_RESPONSE', 'PARTIAL') };
  const q3 = { blockId: 'q3', block: matching() };

  it('passes at the pass mark exactly, and 2 of 3 does not reach 67', () => {
    const answers = new Map<string, BlockAnswer>([
      ['q1', { type: 'MULTIPLE_CHOICE', choice: 'b' }],
      ['q2', { type: 'MULTIPLE_RESPONSE', choices: ['a', 'b'] }],
      ['q3', { type: 'MATCHING', matches: { ic: 'lc', lc: 'ic' } }],
    ]);
    const result = scoreQuiz([q1, q2, q3], answers, 67, 'ENGLISH', 'ENGLISH');
    expect(result.percent).toBe(66.6);
    expect(result.passed).toBe(false);
    expect(scoreQuiz([q1, q2, q3], answers, 66, 'ENGLISH', 'ENGLISH').passed).toBe(true);
    expect(result.questions).toEqual([
      { blockId: 'q1', score: 1, correct: true },
      { blockId: 'q2', score: 1, correct: true },
      { blockId: 'q3', score: 0, correct: false },
    ]);
    expect(
      scoreQuiz([q1, q2], new Map([['q1', { type: 'MULTIPLE_CHOICE', choice: 'b' }]]), 50, 'ENGLISH', 'ENGLISH'),
    ).toMatchObject({
      percent: 50,
      passed: true,
    });
  });

  it('a quiz with no question cannot be passed', () => {
    expect(scoreQuiz([], new Map(), 0, 'ENGLISH', 'ENGLISH')).toEqual({ percent: 0, passed: false, questions: [] });
  });

  it('shows the right answers never, after passing, or after the last attempt, as the author chose', () => {
    expect(revealsAnswers('NEVER', { passed: true, attemptsUsed: 3, maxAttempts: 3 })).toBe(false);
    expect(revealsAnswers('AFTER_PASSING', { passed: false, attemptsUsed: 3, maxAttempts: 3 })).toBe(false);
    expect(revealsAnswers('AFTER_PASSING', { passed: true, attemptsUsed: 1, maxAttempts: 3 })).toBe(true);
    expect(revealsAnswers('AFTER_LAST_ATTEMPT', { passed: false, attemptsUsed: 2, maxAttempts: 3 })).toBe(false);
    expect(revealsAnswers('AFTER_LAST_ATTEMPT', { passed: false, attemptsUsed: 3, maxAttempts: 3 })).toBe(true);
    expect(revealsAnswers('AFTER_LAST_ATTEMPT', { passed: false, attemptsUsed: 9, maxAttempts: null })).toBe(false);
  });
});

describe('languages', () => {
  it('serves the asked language when its translation is complete, else the primary one, and says so', () => {
    const block = choice('MULTIPLE_CHOICE');
    expect(textFor(block, 'HINDI', 'ENGLISH')).toMatchObject({ language: 'HINDI', fallback: false });
    expect(textFor(block, 'TAMIL', 'ENGLISH')).toMatchObject({ language: 'ENGLISH', fallback: true });
    const partialHindi = LessonBlock.parse({
      ...block,
      texts: { ...block.texts, HINDI: { prompt: 'शिकायत कौन दर्ज कर सकता है?', options: { a: 'केवल प्रबंधक' } } },
    });
    // An incomplete translation is not mixed with the primary one: the whole block falls back.
    expect(textFor(partialHindi, 'HINDI', 'ENGLISH')).toMatchObject({ language: 'ENGLISH', fallback: true });
  });

  it('lists what each language still lacks', () => {
    const block = choice('MULTIPLE_CHOICE');
    expect(missingTranslation(block, 'HINDI')).toEqual([]);
    expect(missingTranslation(block, 'KANNADA')).toEqual(['all']);
    const partialHindi = LessonBlock.parse({
      ...block,
      texts: { ...block.texts, HINDI: { prompt: '', options: { a: 'केवल प्रबंधक' } } },
    });
    expect(missingTranslation(partialHindi, 'HINDI')).toEqual(['prompt', 'options.b', 'options.c']);
    const fillBlock = fill();
    const noHindiAnswers = {
      ...fillBlock,
      texts: { ...fillBlock.texts, HINDI: { sentence: '{{months}} {{body}}', accepted: { months: ['तीन'] } } },
    } as LessonBlock;
    expect(missingTranslation(noHindiAnswers, 'HINDI')).toEqual(['accepted.body']);
    expect(missingTranslation(matching(), 'HINDI')).toEqual(['all']);
  });

  it('warns at publishing about an image without alternative text and a video without captions or transcript, per language', () => {
    const image = LessonBlock.parse({ type: 'IMAGE', fileId: FILE, texts: { ENGLISH: { altText: '' } } });
    expect(publishWarnings(image, ['ENGLISH'], 'ENGLISH').map((w) => w.code)).toEqual(['IMAGE_WITHOUT_ALT_TEXT']);
    const video = LessonBlock.parse(everyType.VIDEO);
    expect(publishWarnings(video, ['ENGLISH', 'HINDI'], 'ENGLISH')).toEqual([
      expect.objectContaining({ language: 'HINDI', code: 'VIDEO_WITHOUT_CAPTIONS' }),
    ]);
    const bare = LessonBlock.parse({ type: 'VIDEO', fileId: FILE, texts: {} });
    expect(publishWarnings(bare, ['ENGLISH'], 'ENGLISH').map((w) => w.code)).toEqual([
      'VIDEO_WITHOUT_CAPTIONS',
      'VIDEO_WITHOUT_TRANSCRIPT',
    ]);
  });
});

describe('what a learner is served', () => {
  it('never carries the right answers of any type', () => {
    for (const raw of Object.values(everyType)) {
      const served = JSON.stringify(learnerBlock(LessonBlock.parse(raw), 'ENGLISH', 'ENGLISH', 'learner-1'));
      expect(served).not.toMatch(/"correct"|"accepted"|Internal Committee"\]/);
    }
  });

  it('shows the options in the learner’s language, the blanks by key, and the matching’s right side shuffled the same way each time', () => {
    const served = learnerBlock(choice('MULTIPLE_CHOICE'), 'HINDI', 'ENGLISH', 'x');
    expect(served).toMatchObject({ language: 'HINDI', fallback: false, prompt: 'शिकायत कौन दर्ज कर सकता है?' });
    expect(served.type === 'MULTIPLE_CHOICE' && served.options.map((o) => o.label)).toEqual([
      'केवल प्रबंधक',
      'कोई भी पीड़ित महिला',
      'कोई नहीं',
    ]);
    expect(learnerBlock(fill(), 'ENGLISH', 'ENGLISH', 'x')).toMatchObject({ blanks: ['months', 'body'] });
    const a = learnerBlock(matching(), 'ENGLISH', 'ENGLISH', 'learner-1');
    const b = learnerBlock(matching(), 'ENGLISH', 'ENGLISH', 'learner-1');
    expect(a).toEqual(b);
    expect(a.type === 'MATCHING' && a.right.map((r) => r.key).sort()).toEqual(['ic', 'lc', 'po']);
  });

  it('serves a video’s captions only in their own language', () => {
    const video = LessonBlock.parse(everyType.VIDEO);
    expect(learnerBlock(video, 'ENGLISH', 'ENGLISH', 'x')).toMatchObject({
      captionsFileId: CAPTIONS,
      transcript: 'Hello',
    });
    expect(learnerBlock(video, 'HINDI', 'ENGLISH', 'x')).toMatchObject({
      captionsFileId: undefined,
      transcript: 'Hello',
      fallback: true,
    });
  });

  it('shuffles deterministically and keeps every item', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    expect(shuffled(items, 'seed')).toEqual(shuffled(items, 'seed'));
    expect(shuffled(items, 'seed')).not.toEqual(shuffled(items, 'other'));
    expect([...shuffled(items, 'seed')].sort((x, y) => x - y)).toEqual(items);
  });
});
