import { describe, expect, it } from 'vitest';
import { SignIn } from '../../../src/application/auth/sign-in.use-case';
import { FakeAuthApi, FakeSessionStore, MAIN_SITE } from '../../fakes/auth.fakes';
import { CreateWorkspace } from '../../../src/application/platform/create-workspace.use-case';
import { DeleteWorkspace } from '../../../src/application/platform/delete-workspace.use-case';
import {
  ChangeWorkspaceUrl,
  SetContractExpiry,
  SetUserLimit,
  SwitchWorkspaceModule,
} from '../../../src/application/platform/workspace-settings.use-case';
import { ApiError } from '../../../src/application/shared/api-error';
import { FakeWorkspaceAdminApi } from '../../fakes/workspace-admin.fakes';

const INITECH = {
  companyName: ' Initech ',
  workspaceUrl: 'Initech.Localhost',
  adminEmail: ' bill@initech.test ',
  adminFirstName: 'Bill',
};

describe('CreateWorkspace', () => {
  it('sends the trimmed, normalised workspace and returns it', async () => {
    const api = new FakeWorkspaceAdminApi();
    const outcome = await new CreateWorkspace(api).execute({ ...INITECH, contractExpiresOn: '' });
    expect(outcome).toMatchObject({
      ok: true,
      workspace: { companyName: 'Initech', workspaceUrl: 'initech.localhost', contractExpiresOn: null },
    });
    expect(api.calls).toEqual(['create initech.localhost']);
  });

  it('refuses a bad address before calling, naming the field', async () => {
    const api = new FakeWorkspaceAdminApi();
    const outcome = await new CreateWorkspace(api).execute({ ...INITECH, workspaceUrl: 'http://initech' });
    expect(outcome).toMatchObject({ ok: false, reason: 'invalid', fields: { workspaceUrl: expect.any(String) } });
    expect(api.calls).toEqual([]);
  });

  it('turns a taken address (409) into a refusal naming the field; a 500 is thrown on', async () => {
    const api = new FakeWorkspaceAdminApi();
    const outcome = await new CreateWorkspace(api).execute({ ...INITECH, workspaceUrl: 'acme.localhost' });
    expect(outcome).toEqual({
      ok: false,
      reason: 'conflict',
      message: 'acme.localhost is already the address of Acme',
      fields: { workspaceUrl: 'Already used by Acme' },
    });
    api.failNext = new ApiError('server-error', 'INTERNAL', 'boom');
    await expect(new CreateWorkspace(api).execute(INITECH)).rejects.toThrow('boom');
  });
});

describe('DeleteWorkspace', () => {
  it('deletes only once the exact name is typed', async () => {
    const api = new FakeWorkspaceAdminApi();
    const acme = api.workspaces[0];
    const remove = new DeleteWorkspace(api);
    expect(
      await remove.execute({ workspaceId: acme.workspaceId, companyName: 'Acme', typedName: 'acme' }),
    ).toMatchObject({
      ok: false,
      code: 'not-confirmed',
      message: 'Type Acme to confirm',
    });
    expect(api.workspaces).toHaveLength(2);
    expect(await remove.execute({ workspaceId: acme.workspaceId, companyName: 'Acme', typedName: ' Acme ' })).toEqual({
      ok: true,
    });
    expect(api.workspaces.map((w) => w.companyName)).toEqual(['Globex']);
  });
});

describe('workspace settings', () => {
  it('set a user limit (whole numbers from 1, or none)', async () => {
    const api = new FakeWorkspaceAdminApi();
    const id = api.workspaces[0].workspaceId;
    expect(await new SetUserLimit(api).execute(id, 0)).toMatchObject({
      ok: false,
      fields: { userLimit: expect.any(String) },
    });
    expect(await new SetUserLimit(api).execute(id, 2.5)).toMatchObject({ ok: false });
    expect(await new SetUserLimit(api).execute(id, 50)).toMatchObject({ ok: true, workspace: { userLimit: 50 } });
    expect(await new SetUserLimit(api).execute(id, null)).toMatchObject({ ok: true, workspace: { userLimit: null } });
    expect(api.calls).toEqual(['limit 50', 'limit null']);
  });

  it('set the contract’s last day, or make it open-ended; a server 400 comes back as a refusal', async () => {
    const api = new FakeWorkspaceAdminApi();
    const id = api.workspaces[0].workspaceId;
    expect(await new SetContractExpiry(api).execute(id, '2027-03-31')).toMatchObject({
      ok: true,
      workspace: { contractExpiresOn: '2027-03-31' },
    });
    expect(await new SetContractExpiry(api).execute(id, '')).toMatchObject({
      ok: true,
      workspace: { contractExpiresOn: null },
    });
    expect(await new SetContractExpiry(api).execute(id, '31/03/2027')).toMatchObject({
      ok: false,
      fields: { contractExpiresOn: 'Give a date as YYYY-MM-DD' },
    });
    api.failNext = new ApiError('invalid', 'VALIDATION', 'Not a date', { contractExpiresOn: 'Not a date' });
    expect(await new SetContractExpiry(api).execute(id, '2027-02-30')).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'Not a date',
      fields: { contractExpiresOn: 'Not a date' },
    });
  });

  it('move a workspace to a valid, free address', async () => {
    const api = new FakeWorkspaceAdminApi();
    const id = api.workspaces[0].workspaceId;
    expect(await new ChangeWorkspaceUrl(api).execute(id, 'globex.localhost')).toMatchObject({
      ok: false,
      reason: 'conflict',
    });
    expect(await new ChangeWorkspaceUrl(api).execute(id, 'no')).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await new ChangeWorkspaceUrl(api).execute(id, 'ACME.example.com')).toMatchObject({
      ok: true,
      workspace: { workspaceUrl: 'acme.example.com' },
    });
  });

  it('switch one module, answering every module’s state', async () => {
    const api = new FakeWorkspaceAdminApi();
    const modules = await new SwitchWorkspaceModule(api).execute(api.workspaces[0].workspaceId, 'courses', false);
    expect(modules).toEqual({ courses: false, 'concerned-authority': true, compliance: true });
    expect(api.calls).toEqual(['modules {"courses":false}']);
  });
});

describe('SignIn of the platform admin', () => {
  it('lands in the platform console on the main site', async () => {
    const platform = {
      kind: 'platform-admin' as const,
      userId: 'p1',
      email: 'platform@demo.test',
      firstName: 'Pat',
      lastName: 'Form',
    };
    const api = new FakeAuthApi({
      email: 'platform@demo.test',
      username: 'platform',
      phone: '+910000000000',
      password: 'pw',
      user: platform,
    });
    const outcome = await new SignIn(api, new FakeSessionStore(), MAIN_SITE).execute({
      identifier: 'platform@demo.test',
      password: 'pw',
    });
    expect(outcome).toMatchObject({ ok: true, redirectTo: '/platform/workspaces' });
  });
});
