import { describe, expect, it } from 'vitest';
import { DEFAULT_CADENCE } from '../../../src/domain/courses/assignment-lifecycle';
import { dueKind, policyReminderToday, reminderToday } from '../../../src/domain/courses/reminder-rules';
import { addCalendarDays } from '../../../src/domain/shared/calendar';

describe('reminder rules', () => {
  it('an admin’s due reminder concerns the overdue, those due today and those within the first reminder before', () => {
    expect(dueKind('2027-01-15', '2027-01-16', [7, 1])).toBe('OVERDUE');
    expect(dueKind('2027-01-15', '2027-01-15', [7, 1])).toBe('ON_DUE');
    expect(dueKind('2027-01-15', '2027-01-08', [7, 1])).toBe('BEFORE_DUE');
    expect(dueKind('2027-01-15', '2027-01-07', [7, 1])).toBeNull();
    expect(dueKind(null, '2027-01-07', [7, 1])).toBeNull();
  });

  it('says what today’s digest says of a course, only on the cadence’s days', () => {
    expect(reminderToday(DEFAULT_CADENCE, '2027-01-15', '2027-01-08')).toBe('BEFORE_DUE');
    expect(reminderToday(DEFAULT_CADENCE, '2027-01-15', '2027-01-15')).toBe('ON_DUE');
    expect(reminderToday(DEFAULT_CADENCE, '2027-01-15', '2027-01-22')).toBe('OVERDUE');
    expect(reminderToday(DEFAULT_CADENCE, '2027-01-15', '2027-01-29')).toBe('OVERDUE');
    // The manager's day is not the learner's.
    expect(reminderToday({ ...DEFAULT_CADENCE, overdueTimes: 1 }, '2027-01-15', '2027-01-29')).toBeNull();
    expect(reminderToday(DEFAULT_CADENCE, '2027-01-15', '2027-01-10')).toBeNull();
  });

  it('the policy cadence ends: before the deadline, on it, a few times after, then never', () => {
    const due = '2027-03-10';
    const sent: string[] = [];
    const keys = new Set<string>();
    for (let d = addCalendarDays(due, -30); d <= addCalendarDays(due, 365); d = addCalendarDays(d, 1)) {
      const r = policyReminderToday(DEFAULT_CADENCE, due, d);
      if (r && !keys.has(`${r.kind}:${r.on}`)) {
        keys.add(`${r.kind}:${r.on}`);
        sent.push(`${r.kind}@${r.on}`);
      }
    }
    expect(sent).toEqual([
      'BEFORE_DUE@2027-03-03',
      'BEFORE_DUE@2027-03-09',
      'ON_DUE@2027-03-10',
      'OVERDUE@2027-03-17',
      'OVERDUE@2027-03-24',
      'OVERDUE@2027-03-31',
    ]);
  });

  it('a missed policy run catches up with the latest reminder only, within a week', () => {
    expect(policyReminderToday(DEFAULT_CADENCE, '2027-03-10', '2027-03-12')).toEqual({
      kind: 'ON_DUE',
      on: '2027-03-10',
    });
    expect(policyReminderToday(DEFAULT_CADENCE, '2027-03-10', '2027-04-07')).toEqual({
      kind: 'OVERDUE',
      on: '2027-03-31',
    });
    expect(policyReminderToday(DEFAULT_CADENCE, '2027-03-10', '2027-04-08')).toBeNull();
    expect(policyReminderToday({ ...DEFAULT_CADENCE, overdueTimes: 0 }, '2027-03-10', '2027-03-18')).toBeNull();
  });
});
