import { z } from 'zod';

/** The spec's six course languages, and French, which only Canadian workspaces may offer (`courseLanguagesFor`). */
export const CourseLanguage = z.enum(['ENGLISH', 'HINDI', 'KANNADA', 'TELUGU', 'TAMIL', 'MARATHI', 'FRENCH']);
export type CourseLanguage = z.infer<typeof CourseLanguage>;

export const LANGUAGE_LABELS: Record<CourseLanguage, string> = {
  ENGLISH: 'English',
  HINDI: 'Hindi (हिन्दी)',
  KANNADA: 'Kannada (ಕನ್ನಡ)',
  TELUGU: 'Telugu (తెలుగు)',
  TAMIL: 'Tamil (தமிழ்)',
  MARATHI: 'Marathi (मराठी)',
  FRENCH: 'French (français)',
};

/** French is Canada's other official language; elsewhere the six languages of the spec. */
export function courseLanguagesFor(canadian: boolean): CourseLanguage[] {
  return CourseLanguage.options.filter((l) => canadian || l !== 'FRENCH');
}

/** The spec names PRIMARY; every other language of a course is SECONDARY. */
export const LanguagePriority = z.enum(['PRIMARY', 'SECONDARY']);
export type LanguagePriority = z.infer<typeof LanguagePriority>;

export const CourseStatus = z.enum(['DRAFT', 'PUBLISHED']);
export type CourseStatus = z.infer<typeof CourseStatus>;

/** A course holds ordered contents of these kinds. */
export const ContentKind = z.enum(['LESSON', 'QUIZ']);
export type ContentKind = z.infer<typeof ContentKind>;

/** The sixteen lesson block types of the spec (section 9); src/contracts/learning/blocks.contract.ts has a schema for each. */
export const LESSON_BLOCK_TYPES = [
  'CHECKBOX_WITH_TEXT',
  'MULTIPLE_CHOICE',
  'MULTIPLE_RESPONSE',
  'FILL_IN_BLANK',
  'MATCHING',
  'INPUT_BOX',
  'IMAGE',
  'MULTI_SELECT_QUESTION',
  'VIDEO',
  'TEXT_AREA',
  'RESOURCE',
  'UPLOAD_RESOURCE',
  'BUTTON',
  'SINGLE_SELECT_QUESTION',
  'ASK_TO_UPLOAD_RESOURCE',
  'VOTE',
] as const;

export const AssignmentStatus = z.enum(['ASSIGNED', 'IN_PROGRESS', 'COMPLETED']);
export type AssignmentStatus = z.infer<typeof AssignmentStatus>;

export const ASSIGNMENT_STATUS_LABELS: Record<AssignmentStatus, string> = {
  ASSIGNED: 'Assigned',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
};

export interface LanguageEntry {
  language: CourseLanguage;
  priority: LanguagePriority;
}

/** Spec rule: a course's default language is its PRIMARY one, otherwise the first. */
export function defaultLanguage(languages: readonly LanguageEntry[]): CourseLanguage | null {
  return (languages.find((l) => l.priority === 'PRIMARY') ?? languages[0])?.language ?? null;
}

/**
 * The language a course is served in: the requested one when the course has it,
 * otherwise its default language.
 */
export function resolveLanguage(
  languages: readonly LanguageEntry[],
  requested: CourseLanguage | null | undefined,
): CourseLanguage | null {
  if (requested && languages.some((l) => l.language === requested)) return requested;
  return defaultLanguage(languages);
}

/** Only a published course can be assigned to people. */
export function canAssign(status: CourseStatus): boolean {
  return status === 'PUBLISHED';
}
