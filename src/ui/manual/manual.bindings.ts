import { ContainerModule } from 'inversify';
import { ManualViewModel } from './manual.view-model';

/** Binds the view-model of the user manual (one instance per mounted screen). */
export const manualViewModels = new ContainerModule(({ bind }) => {
  bind(ManualViewModel).toSelf();
});
