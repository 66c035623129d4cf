import 'reflect-metadata';
import type { FileComplaint } from '../../../src/application/complaints/file-complaint.use-case';
import { describe, expect, it } from 'vitest';
import type { ComplaintsApi } from '../../../src/application/complaints/complaints-api.port';
import type { IntakeApi } from '../../../src/application/complaints/intake-api.port';
import type { UploadEvidence } from '../../../src/application/complaints/upload-evidence.use-case';
import type { UploadReporterEvidence } from '../../../src/application/complaints/upload-reporter-evidence.use-case';
import { ApiError } from '../../../src/application/shared/api-error';
import { RaiseConcernViewModel } from '../../../src/ui/complaints/raise-concern.view-model';
import type { PostReporterMessage } from '../../../src/application/complaints/post-reporter-message.use-case';
import type { ReporterWrites } from '../../../src/application/complaints/reporter.use-cases';
import { ReportViewModel } from '../../../src/ui/complaints/report.view-model';
import type { OrganisationApi } from '../../../src/application/shared/main-reads.port';
import type { SiteInfo } from '../../../src/application/shared/site';

const NO_PROFILE = { companyProfile: async () => null } as unknown as OrganisationApi;
const ACME_SITE = { isMainSite: false, currentHost: 'acme.localhost' } as unknown as SiteInfo;

/** A port whose only call here answers the link of field `a-guide` and refuses any other field, as the server does. */
const formResource = async (attributeId: string) => {
  if (attributeId === 'a-guide') return '/files/acme/guide.pdf?signature=1';
  throw new ApiError('not-found', 'NOT_FOUND', 'This form has no such file');
};

describe("the form's files (FormFiles)", () => {
  it('gives the filer the link of a field’s file, and says why when the field has none', async () => {
    const vm = new RaiseConcernViewModel(
      { formResource } as unknown as ComplaintsApi,
      {} as UploadEvidence,
      {} as FileComplaint,
    );
    expect(await vm.formFiles.link('a-guide')).toBe('/files/acme/guide.pdf?signature=1');
    expect(vm.formFiles.error).toBeNull();
    expect(await vm.formFiles.link('a-date')).toBeNull();
    expect(vm.formFiles.error).toBe('This form has no such file');
    // The next click starts afresh.
    expect(await vm.formFiles.link('a-guide')).toBe('/files/acme/guide.pdf?signature=1');
    expect(vm.formFiles.error).toBeNull();
  });

  it('gives a reporter without an account the same, through the intake', async () => {
    const vm = new ReportViewModel(
      { formResource } as unknown as IntakeApi,
      {} as UploadReporterEvidence,
      NO_PROFILE,
      ACME_SITE,
      {} as PostReporterMessage,
      {} as ReporterWrites,
    );
    expect(await vm.formFiles.link('a-guide')).toBe('/files/acme/guide.pdf?signature=1');
    expect(await vm.formFiles.link('a-date')).toBeNull();
    expect(vm.formFiles.error).toBe('This form has no such file');
  });
});
