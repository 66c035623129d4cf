import { ContainerModule } from 'inversify';
import { ReportsViewModel } from './reports.view-model';

/** Binds the reports area's view-models (one instance per mounted screen). */
export const reportsViewModels = new ContainerModule(({ bind }) => {
  bind(ReportsViewModel).toSelf();
});
