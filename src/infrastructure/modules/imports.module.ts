import { ContainerModule } from 'inversify';
import { SendUnusedInvitations } from '../../application/invitations/send-unused-invitations.use-case';
import { InvitationsApi } from '../../application/invitations/invitations-api.port';
import { Clock } from '../../application/imports/clock.port';
import { DownloadImportReport } from '../../application/imports/download-import-report.use-case';
import {
  CancelImportJob,
  DownloadImportJobReport,
  GetImportJob,
  ListImportJobs,
  ResumeImportJob,
} from '../../application/imports/import-job.use-cases';
import { ImportUsers } from '../../application/imports/import-users.use-case';
import { ReadImportHeaders } from '../../application/imports/read-import-headers.use-case';
import { UserImportApi } from '../../application/imports/user-import-api.port';
import { ValidateUserImport } from '../../application/imports/validate-user-import.use-case';
import { RuntimeConfigKey, type RuntimeConfig } from '../config/runtime-config';
import { HttpUserImportApi } from '../http/main/http-user-import-api';

/** Bindings of the imports area: its HTTP adapters, use cases (factory bindings) and view-models. */
export const importsModule = new ContainerModule(({ bind, isBound }) => {
  bind(UserImportApi).to(HttpUserImportApi).inSingletonScope();
  if (!isBound(Clock)) bind(Clock).toConstantValue({ now: () => new Date() });
  bind(ReadImportHeaders).toDynamicValue(
    (ctx) =>
      new ReadImportHeaders(
        ctx.get<UserImportApi>(UserImportApi),
        ctx.get<RuntimeConfig>(RuntimeConfigKey).maxUploadBytes,
      ),
  );
  bind(ValidateUserImport).toDynamicValue((ctx) => new ValidateUserImport(ctx.get<UserImportApi>(UserImportApi)));
  bind(DownloadImportReport).toDynamicValue((ctx) => new DownloadImportReport(ctx.get<UserImportApi>(UserImportApi)));
  bind(GetImportJob).toDynamicValue((ctx) => new GetImportJob(ctx.get<UserImportApi>(UserImportApi)));
  bind(ListImportJobs).toDynamicValue((ctx) => new ListImportJobs(ctx.get<UserImportApi>(UserImportApi)));
  bind(CancelImportJob).toDynamicValue((ctx) => new CancelImportJob(ctx.get<UserImportApi>(UserImportApi)));
  bind(ResumeImportJob).toDynamicValue((ctx) => new ResumeImportJob(ctx.get<UserImportApi>(UserImportApi)));
  bind(DownloadImportJobReport).toDynamicValue(
    (ctx) => new DownloadImportJobReport(ctx.get<UserImportApi>(UserImportApi)),
  );
  bind(ImportUsers).toDynamicValue(
    (ctx) => new ImportUsers(ctx.get<UserImportApi>(UserImportApi), ctx.get<Clock>(Clock)),
  );
  // The people and imports areas both send the invitations still waiting; whichever loads first binds it.
  if (!isBound(SendUnusedInvitations))
    bind(SendUnusedInvitations).toDynamicValue(
      (ctx) => new SendUnusedInvitations(ctx.get<InvitationsApi>(InvitationsApi)),
    );
});
