import { describe, expect, it } from 'vitest';
import type { ComplianceCatalogueApi } from '../../../src/application/policies/compliance-catalogue.port';
import { CreateJurisdiction } from '../../../src/application/policies/create-jurisdiction.use-case';
import { DeclareJurisdictions } from '../../../src/application/policies/declare-jurisdictions.use-case';
import { DeleteComplianceCategory } from '../../../src/application/policies/delete-compliance-category.use-case';
import { DeleteCompliance } from '../../../src/application/policies/delete-compliance.use-case';
import { DeleteJurisdiction } from '../../../src/application/policies/delete-jurisdiction.use-case';
import { RenameJurisdiction } from '../../../src/application/policies/rename-jurisdiction.use-case';
import { SaveComplianceCategory } from '../../../src/application/policies/save-compliance-category.use-case';
import { SaveCompliance } from '../../../src/application/policies/save-compliance.use-case';
import type { WorkspaceComplianceApi } from '../../../src/application/policies/workspace-compliance.port';
import { ApiError } from '../../../src/application/shared/api-error';
import type { CreateComplianceBody } from '../../../src/contracts/learning/catalogue.contract';
import { recordingPort, refusedField } from '../support/recording-port';

describe('the compliance catalogue', () => {
  it('adds a jurisdiction, renames it, and cannot delete one still in use', async () => {
    const india = { id: 'j1', name: 'India' };
    const { port, calls } = recordingPort<ComplianceCatalogueApi>({
      createJurisdiction: india,
      renameJurisdiction: { ...india, name: 'Bharat' },
      deleteJurisdiction: new ApiError('conflict', 'IN_USE', 'India is declared by 3 workspaces'),
    });
    expect(await new CreateJurisdiction(port).execute({ name: 'India' } as never)).toEqual({
      ok: true,
      jurisdiction: india,
    });
    expect(await new RenameJurisdiction(port).execute('j1', 'Bharat')).toEqual({
      ok: true,
      jurisdiction: { ...india, name: 'Bharat' },
    });
    expect(await new DeleteJurisdiction(port).execute('j1')).toMatchObject({
      ok: false,
      reason: 'conflict',
      message: 'India is declared by 3 workspaces',
    });
    expect(calls.map((c) => c[0])).toEqual(['createJurisdiction', 'renameJurisdiction', 'deleteJurisdiction']);
  });

  it('adds a compliance with no id and saves one with its id; a missing title is refused beside the field', async () => {
    const body = { title: 'POSH' } as CreateComplianceBody;
    const { port, calls } = recordingPort<ComplianceCatalogueApi>({
      createCompliance: { id: 'c1' },
      updateCompliance: { id: 'c1' },
    });
    expect(await new SaveCompliance(port).execute(null, body)).toEqual({ ok: true, compliance: { id: 'c1' } });
    expect(await new SaveCompliance(port).execute('c1', body)).toEqual({ ok: true, compliance: { id: 'c1' } });
    expect(calls).toEqual([
      ['createCompliance', body],
      ['updateCompliance', { id: 'c1', ...body }],
    ]);
    const blank = recordingPort<ComplianceCatalogueApi>({ createCompliance: refusedField('title', 'Enter a title') });
    expect(await new SaveCompliance(blank.port).execute(null, body)).toMatchObject({
      fields: { title: 'Enter a title' },
    });
  });

  it('adds, renames and deletes categories, and deletes a compliance', async () => {
    const { port, calls } = recordingPort<ComplianceCatalogueApi>({
      createCategory: { id: 'k1', name: 'Harassment' },
      renameCategory: { id: 'k1', name: 'Conduct' },
      deleteCategory: undefined,
      deleteCompliance: undefined,
    });
    const save = new SaveComplianceCategory(port);
    expect((await save.execute(null, 'Harassment')).ok).toBe(true);
    expect((await save.execute('k1', 'Conduct')).ok).toBe(true);
    expect(await new DeleteComplianceCategory(port).execute('k1')).toEqual({ ok: true });
    expect(await new DeleteCompliance(port).execute('c1')).toEqual({ ok: true });
    expect(calls).toEqual([
      ['createCategory', 'Harassment'],
      ['renameCategory', 'k1', 'Conduct'],
      ['deleteCategory', 'k1'],
      ['deleteCompliance', 'c1'],
    ]);
  });

  it("declares the workspace's jurisdictions", async () => {
    const { port, calls } = recordingPort<WorkspaceComplianceApi>({ declare: { jurisdictionIds: ['j1'] } });
    expect(await new DeclareJurisdictions(port).execute(['j1'])).toEqual({
      ok: true,
      declared: { jurisdictionIds: ['j1'] },
    });
    expect(calls).toEqual([['declare', ['j1']]]);
  });
});
