import { LanguagePreference, QuizDrafts, TrainingApi } from '../../application/training/training-api.port';
import {
  CompleteLesson,
  DownloadCertificate,
  HandInFile,
  ReportVideoProgress,
  SaveAnswer,
  SubmitQuizAttempt,
} from '../../application/training/training.use-cases';
import { ChooseCourseLanguage, DiscardQuizDraft, KeepQuizDraft } from '../../application/training/on-device.use-cases';
import { factory, type Wiring } from '../../infrastructure/wiring';
import { PlayerViewModel } from './player.view-model';

/** The player's view-model as a plain factory (a fresh one per screen): the light player entry and the app bind it. */
export const playerViewModelWiring: Wiring = [
  factory(
    PlayerViewModel,
    (get) =>
      new PlayerViewModel(
        get<TrainingApi>(TrainingApi),
        get<LanguagePreference>(LanguagePreference),
        get(SubmitQuizAttempt),
        get(DownloadCertificate),
        get<QuizDrafts>(QuizDrafts),
        {
          saveAnswer: get(SaveAnswer),
          reportVideo: get(ReportVideoProgress),
          completeLesson: get(CompleteLesson),
          chooseLanguage: get(ChooseCourseLanguage),
          keepQuizDraft: get(KeepQuizDraft),
          discardQuizDraft: get(DiscardQuizDraft),
        },
        undefined,
        get(HandInFile),
      ),
  ),
];
