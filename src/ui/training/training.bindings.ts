import { ContainerModule } from 'inversify';
import { bindWiring } from '../../infrastructure/container';
import { MyTrainingViewModel } from './my-training.view-model';
import { playerViewModelWiring } from './player.wiring';
import { VerifyCertificateViewModel } from './verify.view-model';

/** Binds the view-models of the learner's area (one instance per mounted screen); the player's is a factory list. */
export const trainingViewModels = new ContainerModule(({ bind }) => {
  bind(MyTrainingViewModel).toSelf();
  bindWiring(bind, playerViewModelWiring);
  bind(VerifyCertificateViewModel).toSelf();
});
