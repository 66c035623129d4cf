import { z } from 'zod';
import type { QuizDrafts } from '../../application/training/training-api.port';
import { BlockAnswer } from '../../contracts/learning/blocks.contract';

const KEY = 'safeplace.training.quiz.';
const Draft = z.record(z.string(), BlockAnswer);

/** A quiz's answers in progress, in this browser's local storage (option keys only), until the attempt is sent. */
export class LocalQuizDrafts implements QuizDrafts {
  constructor(
    private readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null = typeof localStorage ===
    'undefined'
      ? null
      : localStorage,
  ) {}

  get(courseId: string, quizId: string): Record<string, BlockAnswer> {
    try {
      const parsed = Draft.safeParse(JSON.parse(this.storage?.getItem(`${KEY}${courseId}.${quizId}`) ?? '{}'));
      return parsed.success ? parsed.data : {};
    } catch {
      return {};
    }
  }

  set(courseId: string, quizId: string, answers: Record<string, BlockAnswer>): void {
    try {
      this.storage?.setItem(`${KEY}${courseId}.${quizId}`, JSON.stringify(answers));
    } catch {
      // Storage full or blocked: the answers stay on the page until it is closed.
    }
  }

  clear(courseId: string, quizId: string): void {
    try {
      this.storage?.removeItem(`${KEY}${courseId}.${quizId}`);
    } catch {
      // Nothing to clear.
    }
  }
}
