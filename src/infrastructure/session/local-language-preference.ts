import type { LanguagePreference } from '../../application/training/training-api.port';
import { CourseLanguage } from '../../domain/courses/course';

const KEY = 'safeplace.training.language.';

/** The learner's language per course, in this browser's local storage (nothing personal: a course id and a language). */
export class LocalLanguagePreference implements LanguagePreference {
  constructor(
    private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null = typeof localStorage === 'undefined'
      ? null
      : localStorage,
  ) {}

  get(courseId: string): CourseLanguage | null {
    try {
      const parsed = CourseLanguage.safeParse(this.storage?.getItem(KEY + courseId));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  set(courseId: string, language: CourseLanguage): void {
    try {
      this.storage?.setItem(KEY + courseId, language);
    } catch {
      // Storage full or blocked: the course opens in its primary language next time.
    }
  }
}
