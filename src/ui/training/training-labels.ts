import type { MyCourse } from '../../application/training/training-api.port';
import type { LearnerStatus } from '../../domain/courses/assignment-lifecycle';
import { showDate as showLocalDate, tr } from '../i18n/i18n';

/** A date in the reader's locale (UI.md "Dates and times": `12 Dec 2026` in India), from an ISO date or timestamp. */
export function showDate(iso: string): string {
  return showLocalDate(iso);
}

/** The status tag's colour: red when late or lapsed, green when done, blue while under way. */
export const STATUS_COLOURS: Record<LearnerStatus, string> = {
  NOT_STARTED: 'default',
  IN_PROGRESS: 'processing',
  COMPLETED: 'success',
  OVERDUE: 'error',
  EXPIRED: 'error',
};

const STATUS_KEYS: Record<LearnerStatus, string> = {
  NOT_STARTED: 'training.statusNotStarted',
  IN_PROGRESS: 'training.statusInProgress',
  COMPLETED: 'training.statusCompleted',
  OVERDUE: 'training.statusOverdue',
  EXPIRED: 'training.statusExpired',
};

export function statusLabel(status: LearnerStatus): string {
  return tr(STATUS_KEYS[status]);
}

/** The one primary action of a course card. */
export function actionLabel(course: Pick<MyCourse, 'status' | 'progressPercent'>): string {
  switch (course.status) {
    case 'COMPLETED':
      return tr('training.actionReview');
    case 'EXPIRED':
      return tr('training.actionTakeAgain');
    case 'NOT_STARTED':
      return tr('training.actionStart');
    case 'OVERDUE':
      return tr(course.progressPercent > 0 ? 'training.actionContinue' : 'training.actionStart');
    default:
      return tr('training.actionContinue');
  }
}

/** The due date as a chip's words. */
export function dueLabel(course: Pick<MyCourse, 'status' | 'dueAt' | 'completedAt'>): string | null {
  if (course.status === 'COMPLETED' && course.completedAt)
    return tr('training.completedOn', { date: showDate(course.completedAt) });
  if (!course.dueAt) return null;
  return tr(course.status === 'OVERDUE' ? 'training.overdueSince' : 'training.due', { date: showDate(course.dueAt) });
}
