import { describe, expect, it } from 'vitest';
import type { AutoAssignApi } from '../../../src/application/courses/auto-assign-api.port';
import type { CatalogueCourseApi, CourseCreditsApi } from '../../../src/application/courses/catalogue-courses.port';
import { ChangeDueDate } from '../../../src/application/courses/change-due-date.use-case';
import type { CourseApi } from '../../../src/application/courses/course-api.port';
import { CreateCatalogueCourse } from '../../../src/application/courses/create-catalogue-course.use-case';
import { GrantCredits } from '../../../src/application/courses/grant-credits.use-case';
import { OfferCatalogueCourse } from '../../../src/application/courses/offer-catalogue-course.use-case';
import { PushCourseVersion } from '../../../src/application/courses/push-course-version.use-case';
import type { ReminderApi } from '../../../src/application/courses/reminder-api.port';
import { RemindLearners } from '../../../src/application/courses/remind-learners.use-case';
import { RequestCredits } from '../../../src/application/courses/request-credits.use-case';
import { ResetAutoAssignRule } from '../../../src/application/courses/reset-auto-assign-rule.use-case';
import { SaveAssignmentSettings } from '../../../src/application/courses/save-assignment-settings.use-case';
import { SetCertificateValidity } from '../../../src/application/courses/set-certificate-validity.use-case';
import { UnassignCourse } from '../../../src/application/courses/unassign-course.use-case';
import { ApiError } from '../../../src/application/shared/api-error';
import { refuse } from '../../../src/application/shared/refusal';
import type { AssignmentSettings } from '../../../src/contracts/learning/courses.contract';
import { recordingPort, refusedField } from '../support/recording-port';

describe("a workspace's courses", () => {
  it('reminds one learner; with reminders off the refusal says so by its code', async () => {
    const { port, calls } = recordingPort<ReminderApi>({ remind: { ok: true, mailed: 1 } });
    expect(await new RemindLearners(port).execute('k1', 'ALL', ['u1'])).toEqual({ ok: true, mailed: 1 });
    expect(calls).toEqual([['remind', 'k1', 'ALL', ['u1']]]);
    const off = recordingPort<ReminderApi>({
      remind: refuse('conflict', 'Reminders are off', { code: 'reminders-off' }),
    });
    expect(await new RemindLearners(off.port).execute('k1', 'DUE')).toMatchObject({ code: 'reminders-off' });
  });

  it('saves the assignment settings and sets how long certificates are valid', async () => {
    const settings = { defaultDueDays: 30 } as unknown as AssignmentSettings;
    const { port, calls } = recordingPort<ReminderApi>({
      saveSettings: { ok: true, settings },
      setValidity: undefined,
    });
    expect(await new SaveAssignmentSettings(port).execute(settings)).toEqual({ ok: true, settings });
    expect(await new SetCertificateValidity(port).execute('k1', 2)).toEqual({ ok: true });
    expect(calls).toEqual([
      ['saveSettings', settings],
      ['setValidity', 'k1', 2],
    ]);
  });

  it("takes a course from a learner and changes another's due date; a past date is refused", async () => {
    const { port, calls } = recordingPort<CourseApi>({
      unassign: 1,
      changeDueDate: refuse('invalid', 'The due date is in the past', { fields: { dueOn: 'In the past' } }),
    });
    expect(await new UnassignCourse(port).execute('k1', ['u1'])).toEqual({ ok: true, unassigned: 1 });
    expect(await new ChangeDueDate(port).execute('k1', 'u2', '2020-01-01')).toMatchObject({
      ok: false,
      fields: { dueOn: 'In the past' },
    });
    expect(calls).toEqual([
      ['unassign', 'k1', ['u1']],
      ['changeDueDate', 'k1', 'u2', '2020-01-01'],
    ]);
  });

  it("clears a course's auto-assign rule", async () => {
    const { port, calls } = recordingPort<AutoAssignApi>({ reset: 1 });
    expect(await new ResetAutoAssignRule(port).execute(['k1'])).toEqual({ ok: true, cleared: 1 });
    expect(calls).toEqual([['reset', ['k1']]]);
  });

  it('asks for credits once per key; too many credits are refused beside the field', async () => {
    const body = { courseId: 'k1', credits: 50, idempotencyKey: 'key-1' };
    const { port, calls } = recordingPort<CourseCreditsApi>({ request: { id: 'r1', credits: 50 } });
    expect(await new RequestCredits(port).execute(body)).toEqual({ ok: true, request: { id: 'r1', credits: 50 } });
    expect(calls).toEqual([['request', body]]);
    const many = recordingPort<CourseCreditsApi>({ request: refusedField('credits', 'At most 10,000') });
    expect(await new RequestCredits(many.port).execute(body)).toMatchObject({ fields: { credits: 'At most 10,000' } });
  });
});

describe('the platform catalogue', () => {
  it('creates a course, offers it to a workspace and pushes a newer version', async () => {
    const copy = { workspaceId: 'w1', workspaceName: 'Acme', title: 'POSH', version: 2 };
    const { port, calls } = recordingPort<CatalogueCourseApi>({
      create: { courseId: 'k9' },
      offer: copy,
      pushVersion: [copy],
    });
    expect(await new CreateCatalogueCourse(port).execute('POSH', 'ENGLISH')).toEqual({ ok: true, courseId: 'k9' });
    expect(await new OfferCatalogueCourse(port).execute('k9', 'w1')).toEqual({ ok: true, offered: copy });
    expect(await new PushCourseVersion(port).execute('k9', 'w1')).toEqual({ ok: true, moved: [copy] });
    expect(calls).toEqual([
      ['create', 'POSH', 'ENGLISH'],
      ['offer', 'k9', 'w1'],
      ['pushVersion', 'k9', 'w1'],
    ]);
  });

  it('grants a request for credits; a request granted already is a conflict', async () => {
    const { port } = recordingPort<CatalogueCourseApi>({ grant: { id: 'r1', balance: 60 } });
    expect(await new GrantCredits(port).execute('r1')).toEqual({ ok: true, granted: { id: 'r1', balance: 60 } });
    const twice = recordingPort<CatalogueCourseApi>({ grant: new ApiError('conflict', 'GRANTED', 'Already granted') });
    expect(await new GrantCredits(twice.port).execute('r1')).toMatchObject({ ok: false, reason: 'conflict' });
  });
});
