import type { BlockAnswer } from '../../contracts/learning/blocks.contract';
import type { CourseLanguage } from '../../domain/courses/course';
import type { Outcome } from '../shared/refusal';
import type { LanguagePreference, QuizDrafts } from './training-api.port';

// What the player remembers on this device only (browser storage). Storage that is full or blocked is no refusal: the
// adapters keep quiet and the page keeps the choice until it is closed, so each of these answers success.

/** The course's language the learner chose, remembered for this course on this device. */
export class ChooseCourseLanguage {
  constructor(private readonly preference: LanguagePreference) {}

  execute(courseId: string, language: CourseLanguage): Outcome {
    this.preference.set(courseId, language);
    return { ok: true };
  }
}

/** A quiz's answers so far (the server takes them only with the whole attempt), kept for a learner who comes back. */
export class KeepQuizDraft {
  constructor(private readonly drafts: QuizDrafts) {}

  execute(courseId: string, quizId: string, answers: Record<string, BlockAnswer>): Outcome {
    this.drafts.set(courseId, quizId, answers);
    return { ok: true };
  }
}

/** The quiz's kept answers, forgotten once its attempt is sent. */
export class DiscardQuizDraft {
  constructor(private readonly drafts: QuizDrafts) {}

  execute(courseId: string, quizId: string): Outcome {
    this.drafts.clear(courseId, quizId);
    return { ok: true };
  }
}
