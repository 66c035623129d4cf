import { describe, expect, it } from 'vitest';
import {
  ChooseCourseLanguage,
  DiscardQuizDraft,
  KeepQuizDraft,
} from '../../../src/application/training/on-device.use-cases';
import { FakeLanguagePreference, FakeQuizDrafts } from '../../fakes/training.fakes';

describe('what the player remembers on this device', () => {
  it("remembers the learner's language for this course only", () => {
    const preference = new FakeLanguagePreference();
    expect(new ChooseCourseLanguage(preference).execute('c1', 'HINDI')).toEqual({ ok: true });
    expect(preference.get('c1')).toBe('HINDI');
    expect(preference.get('c2')).toBeNull();
  });

  it("keeps a quiz's answers until its attempt is sent, then forgets them", () => {
    const drafts = new FakeQuizDrafts();
    const answers = { b1: { type: 'SINGLE_CHOICE', optionKey: 'a' } } as never;
    expect(new KeepQuizDraft(drafts).execute('c1', 'q1', answers)).toEqual({ ok: true });
    expect(drafts.get('c1', 'q1')).toEqual(answers);
    expect(drafts.get('c1', 'q2')).toEqual({});
    expect(new DiscardQuizDraft(drafts).execute('c1', 'q1')).toEqual({ ok: true });
    expect(drafts.get('c1', 'q1')).toEqual({});
  });
});
