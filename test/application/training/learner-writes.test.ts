import { describe, expect, it } from 'vitest';
import { CompleteLesson, ReportVideoProgress, SaveAnswer } from '../../../src/application/training/training.use-cases';
import { ApiError } from '../../../src/application/shared/api-error';
import { FakeTrainingApi } from '../../fakes/training.fakes';

const tick = {
  courseId: 'c1',
  contentId: 'l1',
  blockId: 'b-tick',
  answer: { type: 'CHECKBOX_WITH_TEXT', checked: true },
} as const;
const refused = () => new ApiError('not-found', 'NOT_FOUND', 'This course is not assigned to you');

describe("the player's writes", () => {
  it('saves an answer and answers the progress; a refusal is a Refusal, a lost connection is thrown', async () => {
    const api = new FakeTrainingApi();
    expect(await new SaveAnswer(api).execute(tick)).toMatchObject({ ok: true, correct: null, progressPercent: 0 });
    expect(api.answers.get('b-tick')).toEqual(tick.answer);
    api.failing = refused();
    expect(await new SaveAnswer(api).execute(tick)).toEqual({
      ok: false,
      reason: 'not-found',
      message: 'This course is not assigned to you',
      fields: {},
    });
    api.failing = new TypeError('Failed to fetch');
    await expect(new SaveAnswer(api).execute(tick)).rejects.toThrow('Failed to fetch');
  });

  it('marks a lesson done only when the server agrees, with what is missing by block', async () => {
    const api = new FakeTrainingApi();
    const complete = new CompleteLesson(api);
    expect(await complete.execute('c1', 'l1')).toMatchObject({
      ok: false,
      reason: 'conflict',
      code: 'VIDEO_NOT_WATCHED',
      fields: { 'b-video': 'Watch the video to the end' },
    });
    await new ReportVideoProgress(api).execute({
      courseId: 'c1',
      contentId: 'l1',
      blockId: 'b-video',
      positionSeconds: 0,
      watched: [],
      transcriptRead: true,
    });
    expect(await complete.execute('c1', 'l1')).toMatchObject({ ok: false, code: 'ANSWER_MISSING' });
    await new SaveAnswer(api).execute(tick);
    expect(await complete.execute('c1', 'l1')).toMatchObject({ ok: true, course: { completed: false } });
    api.failing = refused();
    expect(await complete.execute('c1', 'l1')).toMatchObject({ ok: false, reason: 'not-found' });
  });

  it("reports a video's stretches and answers whether it counts as watched; a refusal is a Refusal", async () => {
    const api = new FakeTrainingApi();
    const report = new ReportVideoProgress(api);
    const input = { courseId: 'c1', contentId: 'l1', blockId: 'b-video', positionSeconds: 30 };
    expect(await report.execute({ ...input, watched: [[0, 30]] })).toEqual({ ok: true, complete: false });
    expect(await report.execute({ ...input, positionSeconds: 60, watched: [[30, 60]] })).toEqual({
      ok: true,
      complete: true,
    });
    api.failing = refused();
    expect(await report.execute({ ...input, watched: [] })).toMatchObject({ ok: false, reason: 'not-found' });
  });
});
