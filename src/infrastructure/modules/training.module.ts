import { ContainerModule } from 'inversify';
import { bindWiring } from '../inversify-wiring';
import { trainingWiring } from '../training.wiring';

/**
 * Bindings of the learner's area (My training, the player, the public certificate check): adapters and use cases,
 * the same factory list the light player entry resolves (../training.wiring.ts).
 */
export const trainingModule = new ContainerModule(({ bind }) => bindWiring(bind, trainingWiring));
