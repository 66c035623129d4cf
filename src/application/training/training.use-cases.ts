import { refuse, refusalFrom, type Outcome } from '../shared/refusal';
import type { BlockAnswer } from '../../contracts/learning/blocks.contract';
import type { CourseLanguage } from '../../domain/courses/course';
import { handInPurpose, sizeProblem, type HandInKind, type UploadLimits } from '../../domain/files/uploads';
import type { ConfirmedFile, FileTransfer, Progress } from '../courses/authoring/course-files.port';
import { ApiError, describeError } from '../shared/api-error';
import { invalid, type Refusal } from '../shared/refusal';
import type {
  AnswerInput,
  AttemptOutcome,
  CourseProgress,
  DownloadedFile,
  LessonCompletion,
  PlayerQuiz,
  TrainingApi,
  VideoProgressInput,
} from './training-api.port';

/**
 * Hands a quiz attempt to the server, which scores it (the browser never does). Refused before any call when no
 * attempt is left or a question is unanswered, naming the first unanswered question.
 */
export class SubmitQuizAttempt {
  constructor(private readonly api: TrainingApi) {}

  async execute(
    courseId: string,
    quiz: PlayerQuiz,
    answers: ReadonlyMap<string, BlockAnswer>,
    language: CourseLanguage,
  ): Promise<AttemptOutcome> {
    if (quiz.passed) return invalid('You have already passed this quiz.');
    if (quiz.maxAttempts !== null && quiz.attemptsUsed >= quiz.maxAttempts) {
      return refuse('conflict', 'You have no attempts left for this quiz. Ask your admin for another attempt.', {
        code: 'no-attempts-left',
      });
    }
    const unanswered = quiz.questions.findIndex((q) => !isGiven(answers.get(q.blockId)));
    if (unanswered >= 0) {
      const blockId = quiz.questions[unanswered]!.blockId;
      return invalid(`Answer question ${unanswered + 1} before you submit.`, blockId);
    }
    const given = Object.fromEntries(quiz.questions.map((q) => [q.blockId, answers.get(q.blockId)!]));
    return this.api.submitAttempt(courseId, quiz.contentId, given, language);
  }
}

/** Whether an answer says something (an empty choice list or blank words are no answer yet). */
export function isGiven(answer: BlockAnswer | null | undefined): boolean {
  if (!answer) return false;
  switch (answer.type) {
    case 'MULTIPLE_RESPONSE':
    case 'MULTI_SELECT_QUESTION':
      return answer.choices.length > 0;
    case 'FILL_IN_BLANK':
      return Object.values(answer.blanks).some((v) => v.trim() !== '');
    case 'MATCHING':
      return Object.keys(answer.matches).length > 0;
    case 'INPUT_BOX':
      return answer.text.trim() !== '';
    case 'CHECKBOX_WITH_TEXT':
      return answer.checked;
    default:
      return true;
  }
}

/** The completion certificate as a file to save, named after the course when the server gives no name. */
export class DownloadCertificate {
  constructor(private readonly api: TrainingApi) {}

  async execute(courseId: string, courseTitle: string): Promise<DownloadedFile> {
    const file = await this.api.certificate(courseId);
    const fallback = `${
      courseTitle
        .replace(/[^\p{L}\p{N}]+/gu, '-')
        .replace(/^-|-$/g, '')
        .toLowerCase() || 'course'
    }-certificate.pdf`;
    return { name: file.name || fallback, content: file.content };
  }
}

/** Refused as `too-large`, by the server (its own reason), `cancelled` by the person, or `failed` on the way. */
export type HandInOutcome = Outcome<{ file: ConfirmedFile }>;

/**
 * The learner's file for an ask-for-a-file block: refused before anything is sent when over the limit the learner
 * was shown, then an upload URL for that block, the bytes sent with progress, and the server's check by the bytes.
 * Handing it in (saving the answer) is the player's next step.
 */
export class HandInFile {
  constructor(
    private readonly api: TrainingApi,
    private readonly transfer: FileTransfer,
    readonly limits: UploadLimits,
  ) {}

  async execute(
    input: { courseId: string; blockId: string; accept: readonly HandInKind[]; file: Blob & { name: string } },
    onProgress: Progress,
    signal: AbortSignal,
  ): Promise<HandInOutcome> {
    const problem = sizeProblem(handInPurpose(input.file.name, input.accept), input.file.size, this.limits);
    if (problem) return refuse('too-large', problem);
    try {
      const target = await this.api.requestHandIn(input.courseId, input.blockId, input.file.name, input.file.size);
      await this.transfer.put(target, input.file, onProgress, signal);
      if (signal.aborted) return refuse('cancelled', 'Upload cancelled.');
      return { ok: true, file: await this.api.confirmHandIn(target.fileId) };
    } catch (error) {
      if (signal.aborted) return refuse('cancelled', 'Upload cancelled.');
      if (ApiError.isRefusal(error)) return refusalFrom(error);
      return refuse('failed', describeError(error));
    }
  }
}

/** The server's refusal of a learner's write as a Refusal; anything else (offline, signed out, a fault) is thrown on. */
function learnerRefusal(error: unknown): Refusal<never> {
  if (ApiError.isRefusal(error)) return refusalFrom(error);
  throw error;
}

/**
 * Saves one answer of a lesson's block or a quiz's question as the learner gives it; answers the course's progress and,
 * for a lesson's knowledge check, whether the answer is right (the server's word; never which option is).
 */
export class SaveAnswer {
  constructor(private readonly api: TrainingApi) {}

  async execute(input: AnswerInput): Promise<Outcome<CourseProgress & { correct: boolean | null }>> {
    try {
      return { ok: true, ...(await this.api.saveAnswer(input)) };
    } catch (error) {
      return learnerRefusal(error);
    }
  }
}

/**
 * Marks a lesson done. The server checks every required block and video again: refused as `conflict` with its code
 * (`VIDEO_NOT_WATCHED`, `ANSWER_MISSING`) and what is missing in `fields` (block id -> its words).
 */
export class CompleteLesson {
  constructor(private readonly api: TrainingApi) {}

  async execute(courseId: string, lessonId: string, language?: CourseLanguage): Promise<LessonCompletion> {
    try {
      return await this.api.completeLesson(courseId, lessonId, language);
    } catch (error) {
      return learnerRefusal(error);
    }
  }
}

/**
 * Reports a video's played stretches since the last report and its position (or that the transcript was read);
 * answers whether the video now counts as watched.
 */
export class ReportVideoProgress {
  constructor(private readonly api: TrainingApi) {}

  async execute(input: VideoProgressInput): Promise<Outcome<{ complete: boolean }>> {
    try {
      return { ok: true, ...(await this.api.videoProgress(input)) };
    } catch (error) {
      return learnerRefusal(error);
    }
  }
}
