import { missingTranslation, publishWarnings } from '../../../domain/courses/blocks';
import { defaultLanguage, LANGUAGE_LABELS, type CourseLanguage } from '../../../domain/courses/course';
import type { AuthoringBlock, AuthoringContent, AuthoringCourse } from './course-authoring-api.port';

export interface ChecklistItem {
  /** Where it is: a lesson or quiz title, and the block's position in it. */
  where: string;
  contentId?: string;
  blockId?: string;
  message: string;
}

export interface PublishChecklist {
  /** What stops publishing (the server refuses the same). */
  errors: ChecklistItem[];
  /** What a learner would miss (alternative text, captions, transcripts) and unfinished translations: publishing goes on. */
  warnings: ChecklistItem[];
}

const blocksOf = (content: AuthoringContent): AuthoringBlock[] =>
  content.kind === 'LESSON' ? content.blocks : content.questions;
const nameOf = (content: AuthoringContent): string =>
  content.kind === 'LESSON' ? `Lesson "${content.title}"` : `Quiz "${content.title}"`;

/** The course's primary language (its PRIMARY one, else the first). */
export function primaryOf(course: Pick<AuthoringCourse, 'languages'>): CourseLanguage {
  return defaultLanguage(course.languages) ?? 'ENGLISH';
}

/** Per language of the course, how many blocks still lack a complete translation (the language switcher's count). */
export function missingTranslationCounts(course: AuthoringCourse): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { language } of course.languages) {
    counts[language] = course.contents
      .flatMap(blocksOf)
      .filter(({ block }) => missingTranslation(block, language).length > 0).length;
  }
  return counts;
}

/**
 * The publish checklist as the builder shows it before asking the server (docs/learning.md "Publish checklist"): at least one
 * lesson with content, every quiz valid (a question at least, a pass mark of 1 to 100), and the primary language
 * complete. Missing alternative text, captions and transcripts, and unfinished secondary translations, are warnings.
 */
export function publishChecklist(course: AuthoringCourse): PublishChecklist {
  const primary = primaryOf(course);
  const languages = course.languages.map((l) => l.language);
  const errors: ChecklistItem[] = [];
  const warnings: ChecklistItem[] = [];

  if (!course.contents.some((c) => c.kind === 'LESSON' && c.blocks.length > 0)) {
    errors.push({ where: 'Course', message: 'Add at least one lesson with content.' });
  }
  for (const content of course.contents) {
    if (content.kind === 'QUIZ') {
      if (content.questions.length === 0)
        errors.push({ where: nameOf(content), contentId: content.contentId, message: 'Add at least one question.' });
      if (!(content.passMark >= 1 && content.passMark <= 100)) {
        errors.push({
          where: nameOf(content),
          contentId: content.contentId,
          message: 'Set a pass mark between 1 and 100 %.',
        });
      }
    }
    blocksOf(content).forEach(({ blockId, block }, index) => {
      const where = `${nameOf(content)}, block ${index + 1}`;
      const at = { where, contentId: content.contentId, blockId };
      if (missingTranslation(block, primary).length > 0) {
        errors.push({ ...at, message: `Finish the ${LANGUAGE_LABELS[primary]} text (the primary language).` });
      }
      for (const language of languages) {
        if (language !== primary && missingTranslation(block, language).length > 0) {
          warnings.push({
            ...at,
            message: `No complete ${LANGUAGE_LABELS[language]} translation: learners see ${LANGUAGE_LABELS[primary]}.`,
          });
        }
      }
      for (const warning of publishWarnings(block, languages, primary)) {
        warnings.push({ ...at, message: `${warning.message} (${LANGUAGE_LABELS[warning.language]})` });
      }
    });
  }
  return { errors, warnings };
}
