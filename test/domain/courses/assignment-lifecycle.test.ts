import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CADENCE,
  digests,
  dueDate,
  learnerStatus,
  progressPercent,
  recertification,
  reminderPlan,
  remindersDue,
  type ReminderCandidate,
} from '../../../src/domain/courses/assignment-lifecycle';

describe('due dates and statuses', () => {
  it('sets the due date from the workspace default, a fixed date, or none', () => {
    expect(dueDate({ kind: 'DAYS_AFTER_ASSIGNMENT', days: 30 }, '2026-12-15')).toBe('2027-01-14');
    expect(dueDate({ kind: 'FIXED', date: '2027-03-31' }, '2026-12-15')).toBe('2027-03-31');
    expect(dueDate({ kind: 'NONE' }, '2026-12-15')).toBeNull();
  });

  it('is overdue from the day after the due date, and expired the day after the certification ends', () => {
    const base = { dueOn: '2026-12-31', startedOn: null, completedOn: null, expiresOn: null };
    expect(learnerStatus(base, '2026-12-31')).toBe('NOT_STARTED');
    expect(learnerStatus({ ...base, startedOn: '2026-12-01' }, '2026-12-31')).toBe('IN_PROGRESS');
    expect(learnerStatus({ ...base, startedOn: '2026-12-01' }, '2027-01-01')).toBe('OVERDUE');
    expect(learnerStatus({ ...base, completedOn: '2027-01-05', expiresOn: '2028-01-04' }, '2028-01-04')).toBe(
      'COMPLETED',
    );
    expect(learnerStatus({ ...base, completedOn: '2027-01-05', expiresOn: '2028-01-04' }, '2028-01-05')).toBe(
      'EXPIRED',
    );
    expect(learnerStatus({ ...base, dueOn: null }, '2030-01-01')).toBe('NOT_STARTED');
  });

  it('shows 100 % only when everything is done', () => {
    expect(progressPercent(199, 200)).toBe(99);
    expect(progressPercent(2, 2)).toBe(100);
    expect(progressPercent(0, 0)).toBe(0);
  });
});

describe('reminders', () => {
  it('plans a cadence that ends: before, on, three times overdue, and the manager once', () => {
    expect(reminderPlan(DEFAULT_CADENCE, '2026-12-31')).toEqual([
      { kind: 'BEFORE_DUE', on: '2026-12-24' },
      { kind: 'BEFORE_DUE', on: '2026-12-30' },
      { kind: 'ON_DUE', on: '2026-12-31' },
      { kind: 'OVERDUE', on: '2027-01-07' },
      { kind: 'OVERDUE', on: '2027-01-14' },
      { kind: 'MANAGER', on: '2027-01-14' },
      { kind: 'OVERDUE', on: '2027-01-21' },
    ]);
  });

  const learner = (
    learnerId: string,
    courseId: string,
    dueOn: string,
    extra: Partial<ReminderCandidate> = {},
  ): ReminderCandidate => ({
    learnerId,
    courseId,
    dueOn,
    status: 'NOT_STARTED',
    remindersOn: true,
    ...extra,
  });

  it('sends what falls due today, with a key per learner, course, kind and day', () => {
    const due = remindersDue(
      [learner('ana', 'posh', '2026-12-31'), learner('ben', 'posh', '2027-01-30')],
      DEFAULT_CADENCE,
      '2026-12-24',
    );
    expect(due).toEqual([
      {
        kind: 'BEFORE_DUE',
        on: '2026-12-24',
        learnerId: 'ana',
        courseId: 'posh',
        idempotencyKey: 'ana:posh:BEFORE_DUE:2026-12-24',
      },
    ]);
  });

  it('sends nothing for completed courses, courses with reminders off, or after the cadence ended', () => {
    const list = [
      learner('ana', 'posh', '2026-12-31', { status: 'COMPLETED' }),
      learner('ben', 'posh', '2026-12-31', { remindersOn: false }),
      learner('cy', 'posh', '2026-12-31'),
    ];
    expect(remindersDue(list, DEFAULT_CADENCE, '2026-12-31').map((r) => r.learnerId)).toEqual(['cy']);
    expect(remindersDue(list, DEFAULT_CADENCE, '2027-02-28')).toEqual([]);
  });

  it('after a missed run, catches up with the latest reminder only, and tells the manager', () => {
    const due = remindersDue([learner('ana', 'posh', '2026-12-31')], DEFAULT_CADENCE, '2027-01-15', '2026-12-20');
    expect(due.map((r) => [r.kind, r.on])).toEqual([
      ['OVERDUE', '2027-01-14'],
      ['MANAGER', '2027-01-14'],
    ]);
  });

  it('gathers a learner’s reminders of one day into one digest, overdue first', () => {
    const due = remindersDue(
      [
        learner('ana', 'posh', '2027-01-07'),
        learner('ana', 'ethics', '2026-12-31'),
        learner('ben', 'posh', '2027-01-07'),
      ],
      DEFAULT_CADENCE,
      '2026-12-31',
    );
    const mail = digests(due);
    expect([...mail.keys()]).toEqual(['ana', 'ben']);
    expect(mail.get('ana')!.map((r) => [r.courseId, r.kind])).toEqual([
      ['ethics', 'ON_DUE'],
      ['posh', 'BEFORE_DUE'],
    ]);
  });
});

describe('recertification', () => {
  it('expires the day before the anniversary and comes back 30 days before, across leap years', () => {
    expect(recertification('2026-03-15', 1)).toEqual({ expiresOn: '2027-03-14', reassignOn: '2027-02-12' });
    expect(recertification('2024-02-29', 3, 14)).toEqual({ expiresOn: '2027-02-27', reassignOn: '2027-02-13' });
  });
});
