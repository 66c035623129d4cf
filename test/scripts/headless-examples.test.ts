import { describe, expect, it } from 'vitest';
import { assignCourseExample } from '../../examples/headless/assign-course';
import { importUsersExample } from '../../examples/headless/import-users';
import { publishWorkflowVersionExample } from '../../examples/headless/publish-workflow-version';
import { signInExample } from '../../examples/headless/sign-in';

// The examples docs/headless.md and README point developers to: each must keep running and answering as written there.
describe('the headless examples', () => {
  it('signs in: the email goes as userEmail, the token is kept, and the admin lands on the dashboard', async () => {
    const { outcome, token, sent } = await signInExample();
    expect(outcome).toMatchObject({ ok: true, redirectTo: '/dashboard', user: { email: 'admin@acme.test' } });
    expect(token).toBe('tok-123');
    expect(sent).toEqual({ userEmail: 'admin@acme.test', userPassword: 'correct horse battery' });
  });

  it('assigns a course to one unit, and assigning again assigns nobody twice', async () => {
    const { first, again, assigned } = await assignCourseExample();
    expect(first).toEqual({ ok: true, assigned: 3, alreadyAssigned: 0 });
    expect(again).toEqual({ ok: true, assigned: 0, alreadyAssigned: 3 });
    expect(assigned).toEqual(['u2', 'u3', 'u4']);
  });

  it('publishes a workflow version with a step and refuses one without', async () => {
    const { published, empty } = await publishWorkflowVersionExample();
    expect(published).toMatchObject({ ok: true, result: { published: { status: 'PUBLISHED', stepCount: 1 } } });
    expect(empty).toMatchObject({ ok: false, reason: 'invalid', code: 'no-steps' });
  });

  it('imports a CSV: two people created, the bad row named with its reason', async () => {
    const { queued, job } = await importUsersExample();
    expect(queued).toMatchObject({ ok: true, result: { status: 'QUEUED', fileName: '20261123-011500_people.csv' } });
    expect(job).toMatchObject({ status: 'COMPLETED', created: 2, skipped: 1 });
    expect(job?.problems[0]).toMatchObject({ row: 3, column: 'email' });
  });
});
