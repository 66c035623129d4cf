import { ContainerModule } from 'inversify';
import { CertificateVerificationApi, LanguagePreference, QuizDrafts, TrainingApi } from '../../application/training/training-api.port';
import { DownloadCertificate, HandInFile, SubmitQuizAttempt } from '../../application/training/training.use-cases';
import { DEFAULT_UPLOAD_LIMITS } from '../../domain/files/uploads';
import { RuntimeConfigKey, type RuntimeConfig } from '../config/runtime-config';
import { XhrFileTransfer } from '../http/learning/http-course-files-api';
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
  bind(HandInFile).toDynamicValue((ctx) => {
    const config = ctx.get<RuntimeConfig>(RuntimeConfigKey);
    return new HandInFile(ctx.get<TrainingApi>(TrainingApi), new XhrFileTransfer(), { ...DEFAULT_UPLOAD_LIMITS, ...config.uploadLimits });
  });
  bind(DownloadCertificate).toDynamicValue((ctx) => new DownloadCertificate(ctx.get<TrainingApi>(TrainingApi)));
});
