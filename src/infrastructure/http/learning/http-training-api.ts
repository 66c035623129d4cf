import { refuse } from '../../../application/shared/refusal';
import type { BlockAnswer } from '../../../contracts/learning/blocks.contract';
import {
  downloadCertificate,
  lessonComplete,
  myCourses,
  playerCourse,
  saveAnswer,
  submitAttempt,
  verifyCertificate,
  videoProgress,
  type AttemptResult as WireAttempt,
  type PlayerBlock as WireBlock,
  type PlayerContent as WireContent,
  type PlayerCourse as WireCourse,
  type PlayerQuestion,
} from '../../../contracts/learning/player.contract';
import { learnerConfirmUpload, learnerUploadUrl } from '../../../contracts/learning/learner-uploads.contract';
import type { ConfirmedFile, UploadTarget } from '../../../application/courses/authoring/course-files.port';
import { ApiError } from '../../../application/shared/api-error';
import type {
  AnswerInput,
  AttemptOutcome,
  AttemptResult,
  CertificateVerificationApi,
  CourseProgress,
  DownloadedFile,
  LessonCompletion,
  MyCourse,
  PlayerBlock,
  PlayerContent,
  PlayerCourse,
  TrainingApi,
  VerifiedCertificate,
  VideoProgressInput,
} from '../../../application/training/training-api.port';
import type { ServedBlock } from '../../../domain/courses/blocks';
import { LANGUAGE_LABELS, type CourseLanguage } from '../../../domain/courses/course';
import type { ApiClient } from '../api-client';

/** The learner's calls of the learning API (player.contract.ts), mapped to the player's own shapes. */
/** Undecorated (no Inversify): the light player entry builds it from a factory list (training.wiring.ts). */
export class HttpTrainingApi implements TrainingApi, CertificateVerificationApi {
  constructor(private readonly learning: ApiClient) {}

  async myCourses(): Promise<MyCourse[]> {
    const courses = await this.learning.call(myCourses, { query: {} });
    return courses.map((c) => ({
      courseId: c.courseId,
      title: c.title,
      status: c.status,
      progressPercent: c.progressPercent,
      dueAt: c.dueAt,
      completedAt: c.completedAt,
      expiresAt: c.expiresAt,
      next: c.next,
      hasCertificate: c.hasCertificate,
    }));
  }

  async player(courseId: string, language?: CourseLanguage): Promise<PlayerCourse> {
    try {
      return toCourse(await this.learning.call(playerCourse, { params: { courseId }, query: { language } }));
    } catch (error) {
      // A remembered language the course no longer has: serve its primary instead.
      if (language && ApiError.is(error) && error.reason === 'invalid' && error.fields.language) {
        return toCourse(await this.learning.call(playerCourse, { params: { courseId }, query: {} }));
      }
      throw error;
    }
  }

  async saveAnswer(input: AnswerInput): Promise<CourseProgress & { correct: boolean | null }> {
    const saved = await this.learning.call(saveAnswer, {
      body: { courseId: input.courseId, blockId: input.blockId, answer: input.answer, language: input.language },
    });
    return {
      progressPercent: saved.progress.progressPercent,
      status: saved.progress.status,
      correct: saved.state.correct,
    };
  }

  async completeLesson(courseId: string, lessonId: string, language?: CourseLanguage): Promise<LessonCompletion> {
    try {
      const done = await this.learning.call(lessonComplete, { body: { courseId, lessonId, language } });
      return {
        ok: true,
        course: { progressPercent: done.progressPercent, status: done.status, completed: done.courseCompleted },
      };
    } catch (error) {
      if (ApiError.is(error) && error.reason === 'conflict')
        return refuse('conflict', error.message, { code: error.code, fields: error.fields });
      throw error;
    }
  }

  async videoProgress(input: VideoProgressInput): Promise<{ complete: boolean }> {
    const { video } = await this.learning.call(videoProgress, {
      body: {
        courseId: input.courseId,
        blockId: input.blockId,
        positionSeconds: input.positionSeconds,
        watched: input.watched.map(([from, to]) => ({ from, to })),
        durationSeconds: input.durationSeconds,
        transcriptRead: input.transcriptRead,
        language: input.language,
      },
    });
    return { complete: video.complete };
  }

  async submitAttempt(
    courseId: string,
    quizId: string,
    answers: Record<string, BlockAnswer>,
    language: CourseLanguage,
  ): Promise<AttemptOutcome> {
    const body = {
      language,
      answers: Object.entries(answers).map(([questionId, answer]) => ({ questionId, choices: choicesOf(answer) })),
    };
    try {
      return {
        ok: true,
        result: toAttempt(await this.learning.call(submitAttempt, { params: { courseId, quizId }, body })),
      };
    } catch (error) {
      if (ApiError.is(error) && error.reason === 'conflict') {
        if (error.code === 'NO_ATTEMPTS_LEFT') return refuse('conflict', error.message, { code: 'no-attempts-left' });
        if (error.code === 'QUIZ_PASSED') return refuse('conflict', error.message, { code: 'already-passed' });
      }
      if (ApiError.is(error) && error.reason === 'invalid')
        return refuse('invalid', error.message, { fields: error.fields });
      throw error;
    }
  }

  async certificate(courseId: string): Promise<DownloadedFile> {
    const response = await this.learning.send(downloadCertificate, { params: { courseId }, query: {} });
    const disposition = response.headers.get('content-disposition') ?? '';
    const name =
      /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1] ?? /filename="([^"]+)"/.exec(disposition)?.[1] ?? '';
    return { name: safeDecode(name), content: await response.blob() };
  }

  async requestHandIn(courseId: string, blockId: string, fileName: string, size: number): Promise<UploadTarget> {
    const t = await this.learning.call(learnerUploadUrl, { body: { courseId, blockId, fileName, size } });
    return { fileId: t.fileId, url: t.uploadUrl, method: t.method, headers: t.headers, maxBytes: t.maxBytes };
  }

  async confirmHandIn(fileId: string): Promise<ConfirmedFile> {
    const f = await this.learning.call(learnerConfirmUpload, { params: { id: fileId } });
    return {
      fileId: f.fileId,
      fileName: f.fileName,
      size: f.size,
      contentType: f.contentType,
      downloadUrl: f.downloadUrl,
    };
  }

  async verify(code: string): Promise<VerifiedCertificate | null> {
    try {
      const c = await this.learning.call(verifyCertificate, { params: { code } });
      return {
        code: c.code,
        learnerName: c.name,
        courseTitle: c.courseTitle,
        completedAt: c.completedOn,
        expiresAt: c.expiresOn,
        issuedAt: c.issuedOn,
        workspaceName: c.organisation,
        fields: [{ label: 'Language', value: LANGUAGE_LABELS[c.language] }],
        valid: c.valid,
      };
    } catch (error) {
      // An unknown code, or one that is not a code at all: no certificate has it.
      if (ApiError.is(error) && (error.reason === 'not-found' || error.reason === 'invalid')) return null;
      throw error;
    }
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function choicesOf(answer: BlockAnswer): string[] {
  if ('choice' in answer) return [answer.choice];
  if ('choices' in answer) return answer.choices;
  return [];
}

function toCourse(c: WireCourse): PlayerCourse {
  const files: Record<string, string> = {};
  const contents = c.contents.map((content) => toContent(content, files));
  return {
    courseId: c.courseId,
    title: c.title,
    language: c.language,
    languages: c.languages,
    status: c.status,
    progressPercent: c.progressPercent,
    dueAt: c.dueAt,
    completedAt: c.completion?.completedAt ?? null,
    contents,
    certificateAvailable: c.status === 'COMPLETED' && !!c.completion,
    completion: c.completion
      ? {
          completedAt: c.completion.completedAt,
          score: c.completion.score,
          attempts: c.completion.attempts,
          certificateCode: c.completion.certificateCode,
        }
      : null,
    files,
  };
}

function toContent(content: WireContent, files: Record<string, string>): PlayerContent {
  if (content.kind === 'LESSON') {
    return {
      kind: 'LESSON',
      contentId: content.contentId,
      title: content.title,
      done: content.done,
      blocks: content.blocks.map((b) => toBlock(b, files)),
    };
  }
  return {
    kind: 'QUIZ',
    contentId: content.contentId,
    title: content.title,
    passMark: content.passMark,
    maxAttempts: content.maxAttempts,
    attemptsUsed: content.attemptsUsed,
    passed: content.passed,
    // The latest attempt's choices are shown with its result (the learner sees what they answered).
    questions: content.questions.map((q) => {
      const chosen = content.lastAttempt?.questions.find((o) => o.questionId === q.questionId)?.chosen;
      const question = toQuestion(q);
      if (chosen?.length)
        question.answer =
          q.kind === 'SINGLE'
            ? { type: 'MULTIPLE_CHOICE', choice: chosen[0]! }
            : { type: 'MULTIPLE_RESPONSE', choices: chosen };
      return question;
    }),
    lastAttempt: content.lastAttempt ? toAttempt(content.lastAttempt) : null,
  };
}

function toBlock(b: WireBlock, files: Record<string, string>): PlayerBlock {
  const served = { alignment: b.alignment, language: b.language, fallback: b.fallback };
  const file = (f: { fileId: string; url: string } | null | undefined): string => {
    if (!f) return '';
    files[f.fileId] = f.url;
    return f.fileId;
  };
  const c = b.content;
  let block: ServedBlock;
  switch (c.type) {
    case 'IMAGE':
      block = { ...served, type: 'IMAGE', fileId: file(c.file), altText: c.altText, caption: c.caption };
      break;
    case 'VIDEO':
      block = {
        ...served,
        type: 'VIDEO',
        fileId: file(c.file),
        durationSeconds: c.durationSeconds,
        title: c.title,
        captionsFileId: c.captions ? file(c.captions) : undefined,
        transcript: c.transcript,
      };
      break;
    case 'UPLOAD_RESOURCE':
      block = { ...served, type: 'UPLOAD_RESOURCE', fileId: file(c.file), title: c.title, description: c.description };
      break;
    case 'BUTTON':
      block = { ...served, ...c };
      break;
    default:
      block = { ...served, ...c } as ServedBlock;
  }
  const video = b.state.video;
  return {
    blockId: b.blockId,
    block,
    answer: b.state.answer,
    correct: b.state.correct,
    fallback: b.fallback,
    ...(b.state.handedIn !== undefined
      ? {
          handedIn: b.state.handedIn
            ? { fileName: b.state.handedIn.fileName ?? 'your file', url: b.state.handedIn.url }
            : null,
        }
      : {}),
    ...(video
      ? {
          video: {
            positionSeconds: video.positionSeconds,
            watched: video.watched.map((r) => [r.from, r.to] as const),
            complete: video.complete,
          },
        }
      : {}),
  };
}

/** A quiz question is shown as the block of its kind: one right answer (radio buttons) or several (check boxes). */
function toQuestion(q: PlayerQuestion): PlayerBlock {
  const options = q.options.map((o) => ({ key: o.key, label: o.text }));
  const served = { alignment: 'LEFT' as const, language: q.language, fallback: q.fallback, prompt: q.text, options };
  return {
    blockId: q.questionId,
    block: q.kind === 'SINGLE' ? { ...served, type: 'MULTIPLE_CHOICE' } : { ...served, type: 'MULTIPLE_RESPONSE' },
    answer: null,
    fallback: q.fallback,
    explanation: q.explanation,
  };
}

function toAttempt(a: WireAttempt): AttemptResult {
  return {
    attemptNumber: a.attemptNumber,
    score: a.score,
    passMark: a.passMark,
    passed: a.passed,
    answersShown: a.answersShown,
    attemptsUsed: a.attemptsUsed,
    attemptsLeft: a.attemptsLeft,
    courseCompleted: a.courseCompleted,
    questions: a.questions.map((q) => ({
      blockId: q.questionId,
      correct: q.correct,
      score: q.correct ? 1 : 0,
      explanation: q.explanation,
      ...(q.correctKeys
        ? {
            correctAnswer:
              q.correctKeys.length === 1
                ? ({ type: 'MULTIPLE_CHOICE', choice: q.correctKeys[0]! } as const)
                : ({ type: 'MULTIPLE_RESPONSE', choices: q.correctKeys } as const),
          }
        : {}),
    })),
  };
}
