import { describe, expect, it } from 'vitest';
import {
  DeleteBusinessUnit,
  SaveBusinessUnit,
  SetBusinessUnitColour,
} from '../../../src/application/organisation/business-unit.use-cases';
import {
  AppointDepartmentManager,
  CreateDepartment,
  DeleteDepartments,
  RemoveDepartmentManager,
  RenameDepartment,
} from '../../../src/application/organisation/department.use-cases';
import {
  SaveWorkspaceSettings,
  SetWorkspaceColour,
  UploadLogo,
} from '../../../src/application/organisation/workspace-admin.use-cases';
import { ApiError } from '../../../src/application/shared/api-error';
import { logoProblem, normaliseHex, textOn } from '../../../src/domain/organisation/branding';
import { deletePlan } from '../../../src/domain/organisation/business-unit-rules';
import { FakeBusinessUnitsApi, FakeDepartmentsApi, FakeWorkspaceAdminApi } from '../../fakes/organisation-admin.fakes';

describe('branding rules', () => {
  it('normalises colours for the path and refuses anything else', () => {
    expect(normaliseHex('#1F6FEB')).toBe('1f6feb');
    expect(normaliseHex(' abc ')).toBe('aabbcc');
    expect(normaliseHex('#12345')).toBeNull();
    expect(normaliseHex('red')).toBeNull();
  });

  it('checks the logo type and size before uploading', () => {
    expect(logoProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(logoProblem({ type: 'image/svg+xml', size: 1000 })).toContain('SVG is not accepted');
    expect(logoProblem({ type: 'image/webp', size: 512 * 1024 + 1 })).toContain('512 KB');
    expect(logoProblem({ type: 'image/jpeg', size: 0 })).toBe('This file is empty');
  });

  it('picks readable text on the colour', () => {
    expect(textOn('#ffffff')).toBe('#000000');
    expect(textOn('#0a2540')).toBe('#ffffff');
  });
});

describe('business-unit use cases', () => {
  it('creates a unit with a trimmed name, and explains a taken name', async () => {
    const api = new FakeBusinessUnitsApi();
    const save = new SaveBusinessUnit(api);
    const created = await save.execute({ branchName: '  Acme Chennai ' });
    expect(created).toMatchObject({ ok: true, unit: { branchName: 'Acme Chennai', headquarter: false } });
    const taken = await save.execute({ branchName: 'acme chennai' });
    expect(taken).toMatchObject({ ok: false, reason: 'conflict', fields: { branchName: expect.any(String) } });
    expect(await save.execute({ branchName: '   ' })).toMatchObject({
      ok: false,
      reason: 'invalid',
      fields: { branchName: 'Give the business unit a name' },
    });
    expect(api.calls.filter((c) => c.startsWith('create'))).toEqual(['create Acme Chennai', 'create acme chennai']);
  });

  it('moves the headquarters: exactly one afterwards', async () => {
    const api = new FakeBusinessUnitsApi();
    const outcome = await new SaveBusinessUnit(api).execute({
      branchId: 'pune',
      branchName: 'Acme Pune',
      headquarter: true,
    });
    expect(outcome.ok).toBe(true);
    expect(api.units.filter((u) => u.headquarter).map((u) => u.branchId)).toEqual(['pune']);
  });

  it('never asks the server to delete the headquarters', async () => {
    const api = new FakeBusinessUnitsApi();
    const outcome = await new DeleteBusinessUnit(api).execute({ unit: api.units[0], moveUsersToBranchId: 'pune' });
    expect(outcome).toMatchObject({ ok: false, reason: 'conflict' });
    expect(api.removed).toEqual([]);
    expect(deletePlan(api.units[0])).toMatchObject({ ok: false, reason: 'headquarters' });
  });

  it('requires a target for a unit with people, and not the unit itself; moves them', async () => {
    const api = new FakeBusinessUnitsApi();
    const del = new DeleteBusinessUnit(api);
    const pune = api.units[1];
    expect(await del.execute({ unit: pune })).toMatchObject({
      ok: false,
      reason: 'invalid',
      fields: { moveUsersToBranchId: expect.any(String) },
    });
    expect(await del.execute({ unit: pune, moveUsersToBranchId: 'pune' })).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    expect(api.removed).toEqual([]);
    const done = await del.execute({ unit: pune, moveUsersToBranchId: 'hq' });
    expect(done).toMatchObject({ ok: true, result: { movedUsers: 10 } });
    expect(api.removed).toEqual([{ branchIds: ['pune'], moveUsersToBranchId: 'hq' }]);
    expect(api.units.find((u) => u.branchId === 'hq')?.userCount).toBe(40);
  });

  it('deletes an empty unit without a target', async () => {
    const api = new FakeBusinessUnitsApi();
    const unit = await api.create({ branchName: 'Empty' });
    expect(await new DeleteBusinessUnit(api).execute({ unit })).toMatchObject({ ok: true, result: { movedUsers: 0 } });
  });

  it('sets a colour typed in any usual form, refusing non-colours before calling', async () => {
    const api = new FakeBusinessUnitsApi();
    const set = new SetBusinessUnitColour(api);
    expect(await set.execute({ branchId: 'pune', colour: '#AA3355' })).toMatchObject({
      ok: true,
      unit: { backgroundColor: '#aa3355' },
    });
    expect(await set.execute({ branchId: 'pune', colour: 'pink' })).toMatchObject({
      ok: false,
      reason: 'invalid',
      fields: { colour: expect.any(String) },
    });
    expect(api.calls.filter((c) => c.startsWith('colour'))).toEqual(['colour pune aa3355']);
  });

  it('throws on unexpected failures', async () => {
    const api = new FakeBusinessUnitsApi();
    api.create = async () => {
      throw new ApiError('server-error', 'INTERNAL', 'boom');
    };
    await expect(new SaveBusinessUnit(api).execute({ branchName: 'X' })).rejects.toThrow('boom');
  });
});

describe('department use cases', () => {
  it('creates in one unit or in all of them', async () => {
    const api = new FakeDepartmentsApi();
    const create = new CreateDepartment(api);
    expect(await create.execute({ departmentName: ' Finance ', branchId: 'pune' })).toMatchObject({
      ok: true,
      created: [{ departmentName: 'Finance', branchId: 'pune' }],
    });
    const all = await create.execute({ departmentName: 'Finance', branchId: 'ALL' });
    expect(all).toMatchObject({ ok: true, created: [{ branchId: 'hq' }] });
    expect(await create.execute({ departmentName: 'Finance', branchId: 'ALL' })).toMatchObject({
      ok: false,
      reason: 'conflict',
    });
    expect(await create.execute({ departmentName: '', branchId: 'hq' })).toMatchObject({
      ok: false,
      fields: { departmentName: expect.any(String) },
    });
    expect(await create.execute({ departmentName: 'Legal', branchId: '' })).toMatchObject({
      ok: false,
      fields: { branchId: expect.any(String) },
    });
  });

  it('renames, and reports a department that is gone', async () => {
    const api = new FakeDepartmentsApi();
    const rename = new RenameDepartment(api);
    expect(await rename.execute({ departmentId: 'd1', departmentName: 'Platform' })).toMatchObject({
      ok: true,
      department: { departmentName: 'Platform' },
    });
    expect(await rename.execute({ departmentId: 'nope', departmentName: 'X' })).toMatchObject({
      ok: false,
      reason: 'not-found',
    });
  });

  it('deletes by department-unit pairs and says how many people lost their department', async () => {
    const api = new FakeDepartmentsApi();
    const outcome = await new DeleteDepartments(api).execute([api.rows[0], api.rows[1]]);
    expect(outcome).toEqual({ ok: true, result: { deleted: 2, usersWithoutDepartment: 6 } });
    expect(await new DeleteDepartments(api).execute([])).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('appoints a manager only with a person and a role; removes them', async () => {
    const api = new FakeDepartmentsApi();
    const appoint = new AppointDepartmentManager(api);
    expect(await appoint.execute({ departmentId: 'd1', role: 'HEAD' })).toMatchObject({
      ok: false,
      fields: { userId: 'Choose a person' },
    });
    expect(await appoint.execute({ departmentId: 'd1', userId: 'u-esha' })).toMatchObject({
      ok: false,
      fields: { role: 'Choose their role' },
    });
    expect(await appoint.execute({ departmentId: 'd1', userId: 'u-esha', role: 'HEAD' })).toMatchObject({
      ok: true,
      manager: { firstName: 'Esha', role: 'HEAD' },
    });
    expect(await api.managers('d1')).toHaveLength(1);
    const remove = new RemoveDepartmentManager(api);
    expect(await remove.execute({ departmentId: 'd1', userId: 'u-esha' })).toEqual({ ok: true });
    expect(await remove.execute({ departmentId: 'd1', userId: 'u-esha' })).toMatchObject({
      ok: false,
      reason: 'not-found',
    });
  });
});

describe('workspace use cases', () => {
  it('sets the workspace colour', async () => {
    const api = new FakeWorkspaceAdminApi();
    expect(await new SetWorkspaceColour(api).execute('#0A7B83')).toEqual({ ok: true, backgroundColor: '#0a7b83' });
    expect(await new SetWorkspaceColour(api).execute('#0A7B8')).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('uploads a logo after checking it, and shows the server refusing one', async () => {
    const api = new FakeWorkspaceAdminApi();
    const upload = new UploadLogo(api);
    const svg = await upload.execute({ blob: new Blob(['<svg/>'], { type: 'image/svg+xml' }), name: 'logo.svg' });
    expect(svg).toMatchObject({ ok: false, fields: { logo: expect.stringContaining('SVG') } });
    expect(api.uploads).toEqual([]);
    const png = await upload.execute({ blob: new Blob([new Uint8Array(10)], { type: 'image/png' }), name: 'logo.png' });
    expect(png).toEqual({ ok: true, companyLogo: '/main-api/api/workspace/logo/abcdef0123456789' });
    const fake = await upload.execute({
      blob: new Blob([new Uint8Array(10)], { type: 'image/png' }),
      name: 'logo.fake',
    });
    expect(fake).toMatchObject({ ok: false, reason: 'invalid', message: expect.stringContaining('PNG, JPEG or WebP') });
  });

  it('saves the settings without duplicate methods', async () => {
    const api = new FakeWorkspaceAdminApi();
    const outcome = await new SaveWorkspaceSettings(api).execute({
      bulkSignUpEnabled: true,
      socialPlatformSet: ['GOOGLE', 'GOOGLE'],
    });
    expect(outcome).toMatchObject({ ok: true, settings: { bulkSignUpEnabled: true, socialPlatformSet: ['GOOGLE'] } });
    expect(api.updates).toEqual([{ bulkSignUpEnabled: true, socialPlatformSet: ['GOOGLE'] }]);
  });
});
