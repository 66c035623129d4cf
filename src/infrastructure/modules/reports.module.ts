import { ContainerModule } from 'inversify';
import { DashboardApi } from '../../application/dashboard/dashboard-api.port';
import { ReportApi } from '../../application/reports/report-api.port';
import { ExportReport } from '../../application/reports/export-report.use-case';
import { DeleteSavedReport, SaveReport } from '../../application/reports/save-report.use-case';
import { ScheduleReport, StopReportSchedule } from '../../application/reports/schedule-report.use-case';
import { HttpDashboardApi } from '../http/learning/http-dashboard-api';
import { HttpReportApi } from '../http/learning/http-report-api';

/** Bindings of the reports area (docs/reports.md). */
export const reportsModule = new ContainerModule(({ bind }) => {
  bind(ReportApi).to(HttpReportApi).inSingletonScope();
  bind(DashboardApi).to(HttpDashboardApi).inSingletonScope();
  bind(ExportReport).toDynamicValue((ctx) => new ExportReport(ctx.get<ReportApi>(ReportApi)));
  bind(SaveReport).toDynamicValue((ctx) => new SaveReport(ctx.get<ReportApi>(ReportApi)));
  bind(DeleteSavedReport).toDynamicValue((ctx) => new DeleteSavedReport(ctx.get<ReportApi>(ReportApi)));
  bind(ScheduleReport).toDynamicValue((ctx) => new ScheduleReport(ctx.get<ReportApi>(ReportApi)));
  bind(StopReportSchedule).toDynamicValue((ctx) => new StopReportSchedule(ctx.get<ReportApi>(ReportApi)));
});
