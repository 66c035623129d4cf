import { describe, expect, it } from 'vitest';
import {
  AddToAllowList,
  badLines,
  ImportAllowList,
} from '../../../src/application/platform-tools/allow-list.use-cases';
import {
  CreateFeatureFlag,
  SetFeatureFlagWorkspaces,
  UpdateFeatureFlagValue,
} from '../../../src/application/platform-tools/feature-flags.use-cases';
import { SaveIpRanges } from '../../../src/application/platform-tools/ip-ranges.use-case';
import { FindUserRecord, UpdateWorkspaceUser } from '../../../src/application/platform-tools/platform-users.use-cases';
import { PublishUserManual } from '../../../src/application/platform-tools/user-manual.use-cases';
import { ApiError } from '../../../src/application/shared/api-error';
import {
  ACME,
  FakeAllowListApi,
  FakeFlagAdminApi,
  FakeIpRangesApi,
  FakePlatformUsersApi,
  FakeUserManualApi,
  LAKSHMI,
} from '../../fakes/platform-tools.fakes';

describe('feature flag use cases', () => {
  it('creates a flag, refusing a bad key before calling and passing a 409 on as a conflict', async () => {
    const api = new FakeFlagAdminApi();
    const create = new CreateFeatureFlag(api);
    expect(await create.execute({ key: 'Bad Key', value: 'on' })).toMatchObject({
      ok: false,
      reason: 'invalid',
      fields: { key: expect.any(String) },
    });
    expect(api.calls).toEqual([]);
    expect(await create.execute({ key: ' new-flag ', value: ' beta ' })).toEqual({
      ok: true,
      flag: { key: 'new-flag', value: 'beta', enabledWorkspaces: [] },
    });
    expect(await create.execute({ key: 'new-flag', value: 'on' })).toMatchObject({
      ok: false,
      reason: 'conflict',
      fields: { key: 'A flag with this key exists' },
    });
  });

  it('changes a value, refusing an empty one', async () => {
    const api = new FakeFlagAdminApi();
    const update = new UpdateFeatureFlagValue(api);
    expect(await update.execute({ key: 'maintenance', value: ' ' })).toMatchObject({
      ok: false,
      fields: { value: expect.any(String) },
    });
    expect(await update.execute({ key: 'maintenance', value: 'off' })).toMatchObject({
      ok: true,
      flag: { value: 'off' },
    });
  });

  it('asks before switching maintenance or elevateip on for a workspace, and says what it does', async () => {
    const api = new FakeFlagAdminApi();
    const set = new SetFeatureFlagWorkspaces(api);
    const maintenance = api.flags.find((f) => f.key === 'maintenance')!;
    const asked = await set.execute({ flag: maintenance, workspaceUrls: ['acme.localhost'] });
    expect(asked).toMatchObject({
      ok: true,
      confirm: {
        workspaces: ['acme.localhost'],
        effect: expect.stringContaining('closes the workspace to everyone'),
      },
    });
    expect(api.calls).toEqual([]);
    const elevate = await set.execute({
      flag: api.flags.find((f) => f.key === 'elevateip')!,
      workspaceUrls: ['globex.localhost'],
    });
    expect(elevate).toMatchObject({
      confirm: { effect: expect.stringContaining('with no ranges set, nobody at all') },
    });
    expect(await set.execute({ flag: maintenance, workspaceUrls: ['acme.localhost'], confirmed: true })).toMatchObject({
      ok: true,
    });
    // Switching off, or keeping those already on, needs no confirmation.
    const now = api.flags.find((f) => f.key === 'maintenance')!;
    expect(await set.execute({ flag: now, workspaceUrls: ['acme.localhost'] })).toMatchObject({ ok: true });
    expect(await set.execute({ flag: now, workspaceUrls: [] })).toMatchObject({
      ok: true,
      flag: { enabledWorkspaces: [] },
    });
  });

  it('never asks for an ordinary flag, and names an unknown workspace', async () => {
    const api = new FakeFlagAdminApi();
    await api.create('banner', 'on');
    const set = new SetFeatureFlagWorkspaces(api);
    const flag = api.flags.find((f) => f.key === 'banner')!;
    expect(await set.execute({ flag, workspaceUrls: ['acme.localhost'] })).toMatchObject({ ok: true });
    expect(await set.execute({ flag, workspaceUrls: ['nowhere.localhost'] })).toMatchObject({
      ok: false,
      reason: 'invalid',
      fields: { enabledWorkspaces: expect.stringContaining('nowhere') },
    });
  });
});

describe('SaveIpRanges', () => {
  it('checks each range with the schema the server uses, naming it as the server would, before any call', async () => {
    const api = new FakeIpRangesApi();
    const save = new SaveIpRanges(api);
    const bad = await save.execute(ACME.workspaceId, [{ cidr: '10.0.0.0/8' }, { cidr: '10.0.0.0/33' }]);
    expect(bad).toMatchObject({
      ok: false,
      reason: 'invalid',
      fields: { 'ranges.1.cidr': expect.stringContaining('CIDR') },
    });
    expect(api.calls).toEqual([]);
    const good = await save.execute(ACME.workspaceId, [
      { cidr: ' 203.0.113.0/24 ', label: 'Pune office' },
      { cidr: '' },
    ]);
    expect(good).toEqual({ ok: true, ranges: [{ cidr: '203.0.113.0/24', label: 'Pune office' }] });
  });
});

describe('PublishUserManual', () => {
  it('publishes Markdown or a PDF, refusing empty text, a missing or oversized PDF first', async () => {
    const api = new FakeUserManualApi();
    const publish = new PublishUserManual(api);
    expect(await publish.execute({ workspaceId: null, format: 'MARKDOWN', markdown: '  ' })).toMatchObject({
      ok: false,
      fields: { markdown: 'Write the manual' },
    });
    expect(await publish.execute({ workspaceId: null, format: 'PDF', file: null })).toMatchObject({
      ok: false,
      fields: { file: expect.any(String) },
    });
    const huge = { name: 'big.pdf', content: new Blob([new Uint8Array(10 * 1024 * 1024 + 1)]) };
    expect(await publish.execute({ workspaceId: null, format: 'PDF', file: huge })).toMatchObject({
      ok: false,
      reason: 'too-large',
    });
    expect(api.calls).toEqual([]);
    expect(
      await publish.execute({ workspaceId: ACME.workspaceId, format: 'MARKDOWN', markdown: '# Hello' }),
    ).toMatchObject({ ok: true, manual: { markdown: '# Hello' } });
    const pdf = await publish.execute({
      workspaceId: null,
      format: 'PDF',
      file: { name: 'm.pdf', content: new Blob(['%PDF-1.4']) },
    });
    expect(pdf).toMatchObject({ ok: true, manual: { format: 'PDF', fileName: 'm.pdf' } });
  });

  it('passes the server’s refusal of a file that is not a PDF on to the form', async () => {
    const api = new FakeUserManualApi();
    api.failNext = new ApiError('invalid', 'UNSUPPORTED_FILE', 'This file is not a PDF', {
      file: 'Not a PDF (it does not start with %PDF-)',
    });
    const outcome = await new PublishUserManual(api).execute({
      workspaceId: null,
      format: 'PDF',
      file: { name: 'm.pdf', content: new Blob(['MZ']) },
    });
    expect(outcome).toMatchObject({ ok: false, reason: 'invalid', fields: { file: expect.stringContaining('%PDF-') } });
  });
});

describe('allow-list use cases', () => {
  it('adds an address or a domain in lower case, refusing other text before calling', async () => {
    const api = new FakeAllowListApi();
    const add = new AddToAllowList(api);
    expect(await add.execute(ACME.workspaceId, 'not an email')).toMatchObject({
      ok: false,
      fields: { email: expect.any(String) },
    });
    expect(await add.execute(ACME.workspaceId, ' Ana@Example.com ')).toMatchObject({
      ok: true,
      entry: { entry: 'ana@example.com', kind: 'EMAIL' },
    });
    expect(await add.execute(ACME.workspaceId, '@Example.org')).toMatchObject({ ok: true, entry: { kind: 'DOMAIN' } });
    expect(await add.execute(ACME.workspaceId, 'ana@example.com')).toMatchObject({ ok: false, reason: 'conflict' });
  });

  it('uploads only .csv or .xlsx files of at most 1 MB, and lists the bad lines the server names', async () => {
    const api = new FakeAllowListApi();
    const upload = new ImportAllowList(api);
    expect(await upload.execute(ACME.workspaceId, { name: 'list.pdf', content: new Blob(['x']) })).toMatchObject({
      ok: false,
      fields: { file: expect.any(String) },
    });
    expect(
      await upload.execute(ACME.workspaceId, {
        name: 'list.csv',
        content: new Blob([new Uint8Array(1024 * 1024 + 1)]),
      }),
    ).toMatchObject({ reason: 'too-large' });
    expect(await upload.execute(ACME.workspaceId, { name: 'list.csv', content: new Blob(['a@b.com']) })).toMatchObject({
      ok: true,
      result: { added: 2 },
    });
    api.uploadAnswer = new ApiError('invalid', 'INVALID_LINES', '2 lines are not an email address or @domain', {
      file: '2 bad lines: 3, 10',
      'line.10': 'Not an email address or @domain: y',
      'line.3': 'Not an email address or @domain: x',
    });
    const refused = await upload.execute(ACME.workspaceId, { name: 'list.csv', content: new Blob(['x']) });
    expect(refused.ok).toBe(false);
    expect(badLines(refused.ok ? {} : refused.fields)).toEqual([
      { line: 3, reason: 'Not an email address or @domain: x' },
      { line: 10, reason: 'Not an email address or @domain: y' },
    ]);
  });
});

describe('user lookup and fixes', () => {
  it('finds a user by email, saying so when there is none', async () => {
    const api = new FakePlatformUsersApi();
    const find = new FindUserRecord(api);
    expect(await find.execute(ACME.workspaceId, 'nope')).toMatchObject({
      ok: false,
      fields: { email: expect.any(String) },
    });
    expect(await find.execute(ACME.workspaceId, ' Lakshmi.Iyer31@acme.test ')).toMatchObject({
      ok: true,
      record: { user: { firstName: 'Lakshmi' } },
    });
    expect(await find.execute(ACME.workspaceId, 'ghost@acme.test')).toMatchObject({ ok: false, reason: 'not-found' });
  });

  it('sends only what changed, says when nothing did, and passes a taken email on as a conflict', async () => {
    const api = new FakePlatformUsersApi();
    const update = new UpdateWorkspaceUser(api);
    const same = {
      firstName: 'Lakshmi',
      lastName: 'Iyer',
      email: LAKSHMI.email,
      role: 'EMPLOYEE' as const,
      status: 'ACTIVE' as const,
    };
    expect(await update.execute(LAKSHMI, same)).toMatchObject({ ok: false, code: 'unchanged' });
    expect(await update.execute(LAKSHMI, { ...same, lastName: ' Iyer-Rao ' })).toMatchObject({
      ok: true,
      user: { lastName: 'Iyer-Rao' },
    });
    expect(api.updates).toEqual([{ workspaceId: ACME.workspaceId, userId: LAKSHMI.userId, lastName: 'Iyer-Rao' }]);
    expect(await update.execute(LAKSHMI, { ...same, email: 'admin@acme.test' })).toMatchObject({
      ok: false,
      reason: 'conflict',
      fields: { email: 'Already used in this workspace' },
    });
    expect(await update.execute(LAKSHMI, { ...same, firstName: ' ' })).toMatchObject({
      ok: false,
      fields: { firstName: expect.any(String) },
    });
  });
});
