import {
  CertificateVerificationApi,
  LanguagePreference,
  QuizDrafts,
  TrainingApi,
} from '../application/training/training-api.port';
import {
  CompleteLesson,
  DownloadCertificate,
  HandInFile,
  ReportVideoProgress,
  SaveAnswer,
  SubmitQuizAttempt,
} from '../application/training/training.use-cases';
import { ChooseCourseLanguage, DiscardQuizDraft, KeepQuizDraft } from '../application/training/on-device.use-cases';
import { DEFAULT_UPLOAD_LIMITS } from '../domain/files/uploads';
import { RuntimeConfigKey, type RuntimeConfig } from './config/runtime-config';
import type { ApiClient } from './http/api-client';
import { LearningHttp } from './http/api-client';
import { HttpTrainingApi } from './http/learning/http-training-api';
import { XhrFileTransfer } from './http/learning/xhr-file-transfer';
import { LocalLanguagePreference } from './session/local-language-preference';
import { LocalQuizDrafts } from './session/local-quiz-drafts';
import { factory, single, type Wiring } from './wiring';

/**
 * The learner's adapters and use cases (My training, the player, the public certificate check) as plain factories:
 * the light player entry (player-main.tsx) resolves them with the LightContainer, without Inversify; the app binds the
 * same list (modules/training.module.ts).
 */
export const trainingWiring: Wiring = [
  single(HttpTrainingApi, (get) => new HttpTrainingApi(get<ApiClient>(LearningHttp))),
  factory(TrainingApi, (get) => get(HttpTrainingApi)),
  factory(CertificateVerificationApi, (get) => get(HttpTrainingApi)),
  single(LanguagePreference, () => new LocalLanguagePreference()),
  single(QuizDrafts, () => new LocalQuizDrafts()),
  factory(ChooseCourseLanguage, (get) => new ChooseCourseLanguage(get<LanguagePreference>(LanguagePreference))),
  factory(KeepQuizDraft, (get) => new KeepQuizDraft(get<QuizDrafts>(QuizDrafts))),
  factory(DiscardQuizDraft, (get) => new DiscardQuizDraft(get<QuizDrafts>(QuizDrafts))),
  factory(SubmitQuizAttempt, (get) => new SubmitQuizAttempt(get<TrainingApi>(TrainingApi))),
  factory(HandInFile, (get) => {
    const config = get<RuntimeConfig>(RuntimeConfigKey);
    return new HandInFile(get<TrainingApi>(TrainingApi), new XhrFileTransfer(), {
      ...DEFAULT_UPLOAD_LIMITS,
      ...config.uploadLimits,
    });
  }),
  factory(DownloadCertificate, (get) => new DownloadCertificate(get<TrainingApi>(TrainingApi))),
  factory(SaveAnswer, (get) => new SaveAnswer(get<TrainingApi>(TrainingApi))),
  factory(ReportVideoProgress, (get) => new ReportVideoProgress(get<TrainingApi>(TrainingApi))),
  factory(CompleteLesson, (get) => new CompleteLesson(get<TrainingApi>(TrainingApi))),
];
