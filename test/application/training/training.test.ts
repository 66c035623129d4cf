import { describe, expect, it } from 'vitest';
import type { BlockAnswer } from '../../../src/contracts/learning/blocks.contract';
import type { PlayerQuiz } from '../../../src/application/training/training-api.port';
import { DownloadCertificate, isGiven, SubmitQuizAttempt } from '../../../src/application/training/training.use-cases';
import { FakeTrainingApi } from '../../fakes/training.fakes';

async function quiz(api: FakeTrainingApi): Promise<PlayerQuiz> {
  const course = await api.player('c1');
  return course.contents[1] as PlayerQuiz;
}

const pick = (choice: string): BlockAnswer => ({ type: 'MULTIPLE_CHOICE', choice });

describe('SubmitQuizAttempt', () => {
  it('names the first unanswered question and sends nothing', async () => {
    const api = new FakeTrainingApi();
    const outcome = await new SubmitQuizAttempt(api).execute(
      'c1',
      await quiz(api),
      new Map([['qa', pick('a')]]),
      'ENGLISH',
    );
    expect(outcome).toMatchObject({
      ok: false,
      reason: 'invalid',
      message: 'Answer question 2 before you submit.',
      fields: { qb: expect.any(String) },
    });
    expect(api.calls.some((c) => c.method === 'submitAttempt')).toBe(false);
  });

  it('hands the answers to the server and returns its scoring', async () => {
    const api = new FakeTrainingApi();
    const outcome = await new SubmitQuizAttempt(api).execute(
      'c1',
      await quiz(api),
      new Map([
        ['qa', pick('a')],
        ['qb', pick('b')],
      ]),
      'HINDI',
    );
    expect(outcome).toMatchObject({ ok: true, result: { score: 50, passed: false, attemptsLeft: 2 } });
    expect(api.calls.at(-1)?.args).toEqual(['c1', 'q1', { qa: pick('a'), qb: pick('b') }]);
  });

  it('refuses before calling when no attempt is left', async () => {
    const api = new FakeTrainingApi();
    api.attemptsUsed = 3;
    const outcome = await new SubmitQuizAttempt(api).execute(
      'c1',
      await quiz(api),
      new Map([
        ['qa', pick('a')],
        ['qb', pick('a')],
      ]),
      'ENGLISH',
    );
    expect(outcome).toMatchObject({ ok: false, reason: 'conflict', code: 'no-attempts-left' });
  });
});

describe('answers that say something', () => {
  it('treats an empty choice, blank words and an unticked box as no answer yet', () => {
    expect(isGiven({ type: 'MULTIPLE_RESPONSE', choices: [] })).toBe(false);
    expect(isGiven({ type: 'FILL_IN_BLANK', blanks: { a: '  ' } })).toBe(false);
    expect(isGiven({ type: 'CHECKBOX_WITH_TEXT', checked: false })).toBe(false);
    expect(isGiven({ type: 'INPUT_BOX', text: 'A thought' })).toBe(true);
    expect(isGiven(undefined)).toBe(false);
  });
});

describe('DownloadCertificate', () => {
  it('names the file after the course when the server gives no name', async () => {
    const file = await new DownloadCertificate(new FakeTrainingApi()).execute(
      'c1',
      'Preventing Sexual Harassment at Work',
    );
    expect(file.name).toBe('preventing-sexual-harassment-at-work-certificate.pdf');
    expect(file.content.type).toBe('application/pdf');
  });
});
