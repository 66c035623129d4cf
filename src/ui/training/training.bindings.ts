import { ContainerModule } from 'inversify';
import { MyTrainingViewModel } from './my-training.view-model';
import { PlayerViewModel } from './player.view-model';
import { VerifyCertificateViewModel } from './verify.view-model';

/** Binds the view-models of the learner's area (one instance per mounted screen). */
export const trainingViewModels = new ContainerModule(({ bind }) => {
  bind(MyTrainingViewModel).toSelf();
  bind(PlayerViewModel).toSelf();
  bind(VerifyCertificateViewModel).toSelf();
});
