import { ContainerModule } from 'inversify';
import {
  CommitteeSetupViewModel,
  ComplaintCaseViewModel,
  ComplaintFiguresViewModel,
  ComplaintListViewModel,
  RaiseConcernViewModel,
} from './complaints.view-models';
import { ReportViewModel } from './report.view-model';
import { CaseExtrasViewModel } from './case-extras.view-model';
import { CaseRetentionViewModel, RetentionSettingsViewModel } from './retention.view-models';
import { HolidaysViewModel } from './holidays.view-model';
import { OnBehalfViewModel } from './on-behalf.view-model';
import { CommitteeChangesViewModel } from './committee-changes.view-model';
import { ComplaintReadinessViewModel } from './complaint-readiness.view-model';
import { InvestigatorsViewModel } from './investigators.view-model';
import { InvestigationViewModel } from './investigation.view-model';
import { MyInvestigationsViewModel } from './my-investigations.view-model';
import { OccurrenceCategoriesViewModel } from './occurrence-categories.view-model';
import { PartyReportViewModel } from './party-report.view-model';
import { MeetingGuestsViewModel } from './meeting-guests.view-model';

/** Binds the view-models of the complaints area (one instance per mounted screen). */
export const complaintsViewModels = new ContainerModule(({ bind }) => {
  bind(RaiseConcernViewModel).toSelf();
  bind(ComplaintListViewModel).toSelf();
  bind(ComplaintCaseViewModel).toSelf();
  bind(MeetingGuestsViewModel).toSelf();
  bind(ComplaintFiguresViewModel).toSelf();
  bind(CommitteeSetupViewModel).toSelf();
  bind(ReportViewModel).toSelf();
  bind(CaseExtrasViewModel).toSelf();
  bind(RetentionSettingsViewModel).toSelf();
  bind(CaseRetentionViewModel).toSelf();
  bind(OnBehalfViewModel).toSelf();
  bind(HolidaysViewModel).toSelf();
  bind(CommitteeChangesViewModel).toSelf();
  bind(ComplaintReadinessViewModel).toSelf();
  bind(InvestigatorsViewModel).toSelf();
  bind(InvestigationViewModel).toSelf();
  bind(MyInvestigationsViewModel).toSelf();
  bind(OccurrenceCategoriesViewModel).toSelf();
  bind(PartyReportViewModel).toSelf();
});
