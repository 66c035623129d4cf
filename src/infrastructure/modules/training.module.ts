import { ContainerModule } from 'inversify';
import { CertificateVerificationApi, LanguagePreference, QuizDrafts, TrainingApi } from '../../application/training/training-api.port';
import { DownloadCertificate, SubmitQuizAttempt } from '../../application/training/training.use-cases';
import { HttpTrainingApi } from '../http/learning/http-training-api';
import { LocalLanguagePreference } from '../session/local-language-preference';
import { LocalQuizDrafts } from '../session/local-quiz-drafts';

/** Bindings of the learner's area (My training, the player, the public certificate check): adapters and use cases. */
export const trainingModule = new ContainerModule(({ bind }) => {
  bind(HttpTrainingApi).toSelf().inSingletonScope();
  bind(TrainingApi).toDynamicValue((ctx) => ctx.get(HttpTrainingApi));
  bind(CertificateVerificationApi).toDynamicValue((ctx) => ctx.get(HttpTrainingApi));
  bind(LanguagePreference).toConstantValue(new LocalLanguagePreference());
  bind(QuizDrafts).toConstantValue(new LocalQuizDrafts());
  bind(SubmitQuizAttempt).toDynamicValue((ctx) => new SubmitQuizAttempt(ctx.get<TrainingApi>(TrainingApi)));
  bind(DownloadCertificate).toDynamicValue((ctx) => new DownloadCertificate(ctx.get<TrainingApi>(TrainingApi)));
});
