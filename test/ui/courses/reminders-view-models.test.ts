import { refuse } from '../../../src/application/shared/refusal';
import 'reflect-metadata';
import { RemindLearners } from '../../../src/application/courses/remind-learners.use-case';
import { SaveAssignmentSettings } from '../../../src/application/courses/save-assignment-settings.use-case';
import { SetCertificateValidity } from '../../../src/application/courses/set-certificate-validity.use-case';
import { describe, expect, it } from 'vitest';
import type {
  ReminderApi,
  RemindMode,
  RemindOutcome,
  SaveSettingsOutcome,
} from '../../../src/application/courses/reminder-api.port';
import type { AssignmentSettings } from '../../../src/contracts/learning/courses.contract';
import {
  AssignmentSettingsViewModel,
  cadenceSummary,
  fromForm,
  toForm,
} from '../../../src/ui/courses/assignment-settings.view-model';
import { RemindLearnersViewModel } from '../../../src/ui/courses/remind-learners.view-model';
import { CourseValidityViewModel } from '../../../src/ui/courses/course-validity.view-model';

const DEFAULTS: AssignmentSettings = {
  defaultDueDays: 30,
  beforeDays: [7, 1],
  onDueDate: true,
  overdueEveryDays: 7,
  overdueTimes: 3,
  managerAfterDays: 14,
  recertifyDaysBefore: 30,
  creditNoticeDaysBefore: 60,
};

/** An in-memory reminder API: learners reminded once a day, a course whose reminders may be off. */
class FakeReminderApi implements ReminderApi {
  remindersOn = true;
  remindedToday = new Set<string>();
  learners = ['u1', 'u2'];
  stored: AssignmentSettings = DEFAULTS;
  calls: { mode: RemindMode; userIds?: string[] }[] = [];

  async remind(_courseId: string, mode: RemindMode, userIds?: string[]): Promise<RemindOutcome> {
    this.calls.push({ mode, userIds });
    if (!this.remindersOn)
      return refuse('conflict', 'Reminders are switched off for this course.', { code: 'reminders-off' });
    const targets = userIds ?? this.learners;
    const fresh = targets.filter((u) => this.learners.includes(u) && !this.remindedToday.has(u));
    fresh.forEach((u) => this.remindedToday.add(u));
    return {
      ok: true,
      mailed: fresh.length,
      alreadyReminded: targets.filter((u) => this.learners.includes(u)).length - fresh.length,
      notConcerned: targets.filter((u) => !this.learners.includes(u)).length,
    };
  }
  async settings(): Promise<AssignmentSettings> {
    return this.stored;
  }
  years: number | null = null;
  failValidity = false;
  async validity(): Promise<number | null> {
    return this.years;
  }
  async setValidity(_courseId: string, years: 1 | 2 | 3 | null): Promise<void> {
    if (this.failValidity) throw new Error('network down');
    this.years = years;
  }
  async saveSettings(settings: AssignmentSettings): Promise<SaveSettingsOutcome> {
    if (settings.overdueEveryDays > 365)
      return refuse('invalid', 'Invalid', { fields: { overdueEveryDays: 'At most 365' } });
    this.stored = settings;
    return { ok: true, settings };
  }
}

describe('RemindLearnersViewModel', () => {
  it('reminds everyone, then says who was already reminded today', async () => {
    const api = new FakeReminderApi();
    const vm = new RemindLearnersViewModel(new RemindLearners(api));
    expect(await vm.remind('c1', 'ALL')).toBe(true);
    expect(vm.notice).toEqual({ type: 'success', text: '2 learners reminded.' });
    expect(await vm.remind('c1', 'ALL')).toBe(false);
    expect(vm.notice).toEqual({ type: 'warning', text: '0 learners reminded, 2 already reminded today.' });
  });

  it('reminds one learner by name, and says plainly when reminders are off', async () => {
    const api = new FakeReminderApi();
    const vm = new RemindLearnersViewModel(new RemindLearners(api));
    await vm.remind('c1', 'ALL', { userId: 'u2', name: 'Esha Employee' });
    expect(api.calls.at(-1)).toEqual({ mode: 'ALL', userIds: ['u2'] });
    expect(vm.notice?.text).toBe('Esha Employee was reminded.');
    api.remindersOn = false;
    await vm.remind('c1', 'DUE');
    expect(vm.notice).toEqual({ type: 'warning', text: 'Reminders are switched off for this course.' });
  });
});

describe('AssignmentSettingsViewModel', () => {
  it('loads, saves what the form holds, and keeps "none" as a switch beside its number', async () => {
    const api = new FakeReminderApi();
    const vm = new AssignmentSettingsViewModel(api, new SaveAssignmentSettings(api));
    await vm.load();
    expect(vm.status).toBe('ready');
    const form = toForm(vm.saved!);
    expect(await vm.save({ ...form, hasDefaultDue: false, tellManager: false, beforeDays: [1, 3, 3] })).toBe(true);
    expect(api.stored).toMatchObject({ defaultDueDays: null, managerAfterDays: null, beforeDays: [3, 1] });
    expect(vm.notice?.type).toBe('success');
    expect(await vm.save({ ...form, overdueEveryDays: 400 })).toBe(false);
    expect(vm.fieldErrors).toEqual({ overdueEveryDays: 'At most 365' });
  });

  it('previews a cadence that ends', () => {
    expect(cadenceSummary(DEFAULTS)).toEqual([
      'A reminder 7 days before the due date',
      'A reminder 1 day before the due date',
      'A reminder on the due date',
      'A reminder 7 days after the due date',
      'A reminder 14 days after the due date',
      'The department manager is told, 14 days after the due date',
      'A reminder 21 days after the due date',
      'Then no more reminders.',
    ]);
    expect(fromForm(toForm(DEFAULTS))).toEqual(DEFAULTS);
  });
});

describe('CourseValidityViewModel', () => {
  it('loads the course’s validity, saves a choice, and puts the old one back when saving fails', async () => {
    const api = new FakeReminderApi();
    const vm = new CourseValidityViewModel(api, new SetCertificateValidity(api));
    await vm.load('c1');
    expect(vm.years.value).toBeNull();
    await vm.choose('c1', 2);
    expect(api.years).toBe(2);
    expect(vm.notice?.text).toContain('valid for 2 years');
    api.failValidity = true;
    await vm.choose('c1', null);
    expect(vm.years.value).toBe(2);
    expect(vm.notice?.type).toBe('error');
  });
});
