import type { MyCourse } from '../../application/training/training-api.port';
import { LEARNER_STATUS_LABELS, type LearnerStatus } from '../../domain/courses/assignment-lifecycle';

/** A date in the viewer's locale (UI.md: dates in the viewer's locale), from an ISO date or timestamp. */
export function showDate(iso: string, locale?: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T00:00:00Z`) : new Date(iso);
  return date.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: /^\d{4}-\d{2}-\d{2}$/.test(iso) ? 'UTC' : undefined });
}

/** The status tag's colour: red when late or lapsed, green when done, blue while under way. */
export const STATUS_COLOURS: Record<LearnerStatus, string> = {
  NOT_STARTED: 'default',
  IN_PROGRESS: 'processing',
  COMPLETED: 'success',
  OVERDUE: 'error',
  EXPIRED: 'error',
};

export function statusLabel(status: LearnerStatus): string {
  return LEARNER_STATUS_LABELS[status];
}

/** The one primary action of a course card. */
export function actionLabel(course: Pick<MyCourse, 'status' | 'progressPercent'>): string {
  switch (course.status) {
    case 'COMPLETED':
      return 'Review';
    case 'EXPIRED':
      return 'Take again';
    case 'NOT_STARTED':
      return 'Start';
    case 'OVERDUE':
      return course.progressPercent > 0 ? 'Continue' : 'Start';
    default:
      return 'Continue';
  }
}

/** The due date as a chip's words. */
export function dueLabel(course: Pick<MyCourse, 'status' | 'dueAt' | 'completedAt'>, locale?: string): string | null {
  if (course.status === 'COMPLETED' && course.completedAt) return `Completed ${showDate(course.completedAt, locale)}`;
  if (!course.dueAt) return null;
  return course.status === 'OVERDUE' ? `Overdue since ${showDate(course.dueAt, locale)}` : `Due ${showDate(course.dueAt, locale)}`;
}
