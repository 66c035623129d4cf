import { describe, expect, it } from 'vitest';
import {
  canAssign,
  CourseLanguage,
  courseLanguagesFor,
  LESSON_BLOCK_TYPES,
  defaultLanguage,
  resolveLanguage,
} from '../../../src/domain/courses/course';

describe('course languages', () => {
  it('lists the six supported languages, and French for Canadian workspaces only', () => {
    expect(CourseLanguage.options).toEqual(['ENGLISH', 'HINDI', 'KANNADA', 'TELUGU', 'TAMIL', 'MARATHI', 'FRENCH']);
    expect(courseLanguagesFor(false)).toEqual(['ENGLISH', 'HINDI', 'KANNADA', 'TELUGU', 'TAMIL', 'MARATHI']);
    expect(courseLanguagesFor(true)).toContain('FRENCH');
  });

  it('defaults to the PRIMARY language wherever it is listed', () => {
    expect(
      defaultLanguage([
        { language: 'HINDI', priority: 'SECONDARY' },
        { language: 'TAMIL', priority: 'PRIMARY' },
      ]),
    ).toBe('TAMIL');
  });

  it('defaults to the first language when none is PRIMARY, and to nothing for no languages', () => {
    expect(
      defaultLanguage([
        { language: 'MARATHI', priority: 'SECONDARY' },
        { language: 'HINDI', priority: 'SECONDARY' },
      ]),
    ).toBe('MARATHI');
    expect(defaultLanguage([])).toBeNull();
  });

  it('serves a requested language the course has, otherwise its default', () => {
    const languages = [
      { language: 'ENGLISH', priority: 'PRIMARY' },
      { language: 'HINDI', priority: 'SECONDARY' },
    ] as const;
    expect(resolveLanguage(languages, 'HINDI')).toBe('HINDI');
    expect(resolveLanguage(languages, 'KANNADA')).toBe('ENGLISH');
    expect(resolveLanguage(languages, undefined)).toBe('ENGLISH');
  });
});

describe('courses', () => {
  it('can be assigned only once published', () => {
    expect(canAssign('PUBLISHED')).toBe(true);
    expect(canAssign('DRAFT')).toBe(false);
  });

  it('knows the sixteen spec block types, prose as TEXT_AREA (the old TEXT is gone)', () => {
    expect(LESSON_BLOCK_TYPES).toHaveLength(16);
    expect(LESSON_BLOCK_TYPES).toEqual(
      expect.arrayContaining(['TEXT_AREA', 'VIDEO', 'FILL_IN_BLANK', 'VOTE', 'ASK_TO_UPLOAD_RESOURCE']),
    );
    expect(LESSON_BLOCK_TYPES).not.toContain('TEXT');
  });
});
