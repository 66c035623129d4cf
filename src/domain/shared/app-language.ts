import type { CourseLanguage } from '../courses/course';

/** What a person's app language is decided from: their own choice and their workspace's (docs/i18n.md). */
export interface LanguageSettings {
  language?: CourseLanguage | null;
  workspace: { defaultLanguage?: CourseLanguage; languages?: CourseLanguage[]; country?: 'IN' | 'CA' };
}

/** The person's choice, else the workspace's default, else English. */
export function appLanguageOf(user: LanguageSettings): CourseLanguage {
  return user.language ?? user.workspace.defaultLanguage ?? 'ENGLISH';
}
