import { ContainerModule } from 'inversify';
import { ComplianceDashboardViewModel } from '../dashboard/compliance-dashboard.view-model';
import { ReportScheduleViewModel } from './report-schedule.view-model';
import { ReportsViewModel } from './reports.view-model';

/** Binds the reports area's view-models (one instance per mounted screen). */
export const reportsViewModels = new ContainerModule(({ bind }) => {
  bind(ReportsViewModel).toSelf();
  bind(ReportScheduleViewModel).toSelf();
  bind(ComplianceDashboardViewModel).toSelf();
});
