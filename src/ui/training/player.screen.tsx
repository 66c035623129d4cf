import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { PlayerBlock, PlayerLesson, PlayerQuiz } from '../../application/training/training-api.port';
import type { LearnerStatus } from '../../domain/courses/assignment-lifecycle';
import type { CourseLanguage } from '../../domain/courses/course';
import { formatBytes } from '../../domain/files/uploads';
import { LANGUAGE_TAGS } from '../courses/blocks/language-tags';
import { ServedBlockView } from '../courses/blocks/served-block';
import { useViewModel } from '../shared/container-context';
import { PlayerViewModel } from './player.view-model';
import { showDate, statusLabel } from './training-labels';
import { tr } from '../i18n/i18n';

/**
 * The course player, without Ant Design or the router: it is the light player entry's page (player-main.tsx,
 * player.html; its JavaScript must stay at most 3x an empty React app). Native controls styled on antd's
 * tokens (player.css, ../courses/blocks/served-block.css), every one labelled and keyboard operable.
 */

function saveFile(name: string, content: Blob): void {
  const href = URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Whether the window is at least `px` wide (antd's lg breakpoint, 992 px, for the outline beside the page). */
function useWide(px = 992): boolean {
  const query = `(min-width: ${px}px)`;
  const [wide, setWide] = useState(() => typeof window !== 'undefined' && window.matchMedia(query).matches);
  useEffect(() => {
    const media = window.matchMedia(query);
    const change = () => setWide(media.matches);
    change();
    media.addEventListener('change', change);
    return () => media.removeEventListener('change', change);
  }, [query]);
  return wide;
}

type Kind = 'error' | 'info' | 'success' | 'warning';

/** A notice (antd Alert's look): `alert` for what went wrong or needs doing now, else a status or a plain note. */
export function Notice({
  kind,
  title,
  children,
  role,
  action,
}: {
  kind: Kind;
  title: ReactNode;
  children?: ReactNode;
  role?: 'alert' | 'status' | 'note';
  action?: ReactNode;
}) {
  return (
    <div className={`pl-notice pl-notice-${kind}`} role={role}>
      <div className="pl-notice-title">
        <span className="pl-notice-icon" aria-hidden="true">
          {kind === 'success' ? '✓' : kind === 'error' ? '✕' : kind === 'warning' ? '!' : 'i'}
        </span>
        {title}
      </div>
      {children ? <div className="pl-notice-body">{children}</div> : null}
      {action ? <div className="pl-notice-action">{action}</div> : null}
    </div>
  );
}

/** A button on antd's look; `pending` shows a spinner and keeps it from being pressed twice. */
export function Button({
  children,
  onClick,
  primary,
  large,
  small,
  pending,
  disabled,
  ...rest
}: {
  children: ReactNode;
  onClick?: () => void;
  primary?: boolean;
  large?: boolean;
  small?: boolean;
  pending?: boolean;
  disabled?: boolean;
  'aria-current'?: 'step';
  className?: string;
}) {
  const className = [
    'lb-button',
    primary ? 'lb-button-primary' : '',
    large ? 'pl-large' : '',
    small ? 'pl-small' : '',
    rest.className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      className={className}
      onClick={onClick}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      aria-current={rest['aria-current']}
    >
      {pending ? <span className="pl-spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

const TAG_CLASS: Record<LearnerStatus, string> = {
  NOT_STARTED: 'pl-tag',
  IN_PROGRESS: 'pl-tag pl-tag-info',
  COMPLETED: 'pl-tag pl-tag-success',
  OVERDUE: 'pl-tag pl-tag-error',
  EXPIRED: 'pl-tag pl-tag-error',
};

/** The course player: a page per lesson or quiz, the course's progress in a sticky header, the outline beside. */
export const PlayerScreen = observer(function PlayerScreen({ courseId }: { courseId: string }) {
  const vm = useViewModel(PlayerViewModel);
  const wide = useWide();

  useEffect(() => {
    void vm.load(courseId);
    const beforeUnload = () => void vm.saver.flushAll();
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      vm.dispose();
    };
  }, [vm, courseId]);

  useEffect(() => {
    // A new step starts at its top, where its heading is.
    if (vm.status === 'ready') document.getElementById('player-step')?.focus({ preventScroll: false });
  }, [vm.status, vm.index, vm.showCompletion]);

  const title = vm.course?.title;
  useEffect(() => {
    if (title) document.title = `${title} · SafePlace`;
  }, [title]);

  if (vm.status === 'loading') {
    return (
      <div className="player" role="status" aria-live="polite" aria-label={tr('player.loading')}>
        <div className="pl-skeleton" style={{ width: '60%', height: 28 }} />
        <div className="pl-skeleton" style={{ height: 16 }} />
        <div className="pl-skeleton" style={{ height: 160 }} />
      </div>
    );
  }
  if (vm.status === 'not-found') {
    return (
      <div className="player">
        <h1 className="pl-title">{tr('player.notFoundTitle')}</h1>
        <Notice kind="warning" title={tr('player.notFound')}>
          <a href="/training">{tr('player.backToTraining')}</a>
        </Notice>
      </div>
    );
  }
  if (vm.status === 'error' || !vm.course) {
    return (
      <div className="player">
        <h1 className="pl-title">{tr('player.openError')}</h1>
        <Notice
          kind="error"
          title={tr('player.loadError')}
          action={<Button onClick={() => void vm.load(courseId)}>{tr('common.tryAgain')}</Button>}
        >
          {vm.error ?? ''}
        </Notice>
      </div>
    );
  }
  const course = vm.course;
  const lang = LANGUAGE_TAGS[course.language];

  return (
    <div className={wide ? 'player-wide' : undefined}>
      {wide ? (
        <nav aria-label={tr('player.outline')} className="pl-side">
          <Outline vm={vm} />
        </nav>
      ) : null}
      <div className="player" style={{ width: '100%' }}>
        <header className="player-header">
          <h1 className="pl-title" lang={lang}>
            {course.title}
          </h1>
          <div className="pl-tags">
            <span className={TAG_CLASS[course.status]}>{statusLabel(course.status)}</span>
            {course.dueAt && course.status !== 'COMPLETED' ? (
              <span className={course.status === 'OVERDUE' ? 'pl-tag pl-tag-error' : 'pl-tag'}>
                {tr(course.status === 'OVERDUE' ? 'player.overdueSince' : 'player.due', {
                  date: showDate(course.dueAt),
                })}
              </span>
            ) : null}
            <SavedIndicator vm={vm} />
          </div>
          <div className="pl-progress">
            <progress
              max={100}
              value={vm.progressPercent}
              aria-label={tr('player.progress', { percent: vm.progressPercent })}
            />
            <span aria-hidden="true">{vm.progressPercent}%</span>
          </div>
          {vm.languageOptions.length > 1 ? (
            <div className="pl-language">
              <label htmlFor="player-language">{tr('common.language')}</label>
              <select
                id="player-language"
                className="lb-select"
                value={course.language}
                disabled={vm.languageLoading}
                aria-busy={vm.languageLoading || undefined}
                onChange={(e) => void vm.chooseLanguage(e.target.value as CourseLanguage)}
              >
                {vm.languageOptions.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </header>
        {!wide ? (
          <details className="pl-contents">
            <summary>
              {tr('player.contents', { done: vm.outline.filter((o) => o.done).length, total: vm.outline.length })}
            </summary>
            <nav aria-label={tr('player.outline')}>
              <Outline vm={vm} />
            </nav>
          </details>
        ) : null}
        {vm.error ? <Notice kind="error" role="alert" title={vm.error} /> : null}
        <div lang={lang}>
          {vm.showCompletion ? (
            <Completion vm={vm} />
          ) : vm.current?.kind === 'LESSON' ? (
            <Lesson vm={vm} lesson={vm.current} />
          ) : vm.current ? (
            <Quiz vm={vm} quiz={vm.current} />
          ) : null}
        </div>
        <div className="player-nav">
          <Button onClick={vm.previous} disabled={vm.index === 0 && !vm.showCompletion}>
            {tr('player.previous')}
          </Button>
          {!vm.showCompletion ? (
            vm.index + 1 < vm.contents.length ? (
              <Button onClick={vm.next}>{tr('player.next')}</Button>
            ) : vm.completed ? (
              <Button primary onClick={vm.finish}>
                {tr('player.finish')}
              </Button>
            ) : null
          ) : null}
        </div>
      </div>
    </div>
  );
});

export default PlayerScreen;

const Outline = observer(function Outline({ vm }: { vm: PlayerViewModel }) {
  return (
    <ol className="player-outline">
      {vm.outline.map((item, i) => (
        <li key={item.contentId}>
          <Button
            primary={item.current}
            className="pl-outline-item"
            aria-current={item.current ? 'step' : undefined}
            onClick={() => vm.open(i)}
          >
            <span aria-hidden="true" className="pl-outline-mark">
              {item.done ? '✓' : item.kind === 'QUIZ' ? '?' : '•'}
            </span>
            <span>
              {item.position}. {item.title}
              <span className="visually-hidden">
                {tr(item.kind === 'QUIZ' ? 'player.quizMark' : 'player.lessonMark')}
                {item.done ? tr('player.doneMark') : ''}
              </span>
            </span>
          </Button>
        </li>
      ))}
    </ol>
  );
});

const SavedIndicator = observer(function SavedIndicator({ vm }: { vm: PlayerViewModel }) {
  const state = vm.saver.overall;
  return (
    <span role="status" aria-live="polite" className="pl-saved">
      {state === 'saving' ? (
        <>{tr('player.saving')}</>
      ) : state === 'saved' ? (
        <span className="lb-success">
          <span aria-hidden="true">✓</span> <span>{tr('player.saved')}</span>
        </span>
      ) : state === 'error' ? (
        <>
          <span className="lb-danger">{tr('player.notSaved', { error: vm.saver.error ?? '' })}</span>
          <Button small onClick={() => void vm.saver.retry()}>
            {tr('player.saveAgain')}
          </Button>
        </>
      ) : null}
    </span>
  );
});

const StepHeading = ({ children }: { children: ReactNode }) => (
  <h2 id="player-step" tabIndex={-1} className="pl-step">
    {children}
  </h2>
);

const Right = () => (
  <span className="lb-success">
    <span aria-hidden="true">✓</span> <span>{tr('player.right')}</span>
  </span>
);

const Lesson = observer(function Lesson({ vm, lesson }: { vm: PlayerViewModel; lesson: PlayerLesson }) {
  const missing = vm.lessonMissing;
  const fileUrl = (fileId: string) => vm.course?.files[fileId];
  return (
    <section>
      <StepHeading>{tr('player.lesson', { number: vm.index + 1, title: lesson.title })}</StepHeading>
      {lesson.done ? <Notice kind="success" title={tr('player.lessonDone')} /> : null}
      {lesson.blocks.map((b) => (
        <LessonBlockCard key={b.blockId} vm={vm} block={b} fileUrl={fileUrl} />
      ))}
      {!lesson.done ? (
        <div style={{ marginTop: 8 }}>
          {missing.length && !vm.lessonMessage ? (
            <Notice kind="info" role="note" title={tr('player.toFinish')}>
              <ul style={{ margin: 0, paddingLeft: 20 }}>
                {missing.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            </Notice>
          ) : null}
          {vm.lessonMessage ? <Notice kind="warning" role="alert" title={vm.lessonMessage} /> : null}
          <Button primary large pending={vm.marking} onClick={() => void vm.markDone()}>
            {tr('player.markDone')}
          </Button>
        </div>
      ) : null}
    </section>
  );
});

const LessonBlockCard = observer(function LessonBlockCard({
  vm,
  block: b,
  fileUrl,
}: {
  vm: PlayerViewModel;
  block: PlayerBlock;
  fileUrl: (id: string) => string | undefined;
}) {
  const correct = vm.correct.get(b.blockId);
  const video = b.block.type === 'VIDEO';
  return (
    <div
      className="player-block"
      style={{
        textAlign: b.block.alignment === 'CENTER' ? 'center' : b.block.alignment === 'RIGHT' ? 'right' : 'left',
      }}
    >
      {b.fallback ? (
        <span className="lb-note" style={{ margin: '0 0 4px' }}>
          {tr('player.untranslated')}
        </span>
      ) : null}
      <ServedBlockView
        block={b.block}
        fileUrl={fileUrl}
        interaction={{
          answer: vm.answerOf(b.blockId),
          onAnswer: (answer) => vm.give(b.blockId, answer),
          onNext: vm.next,
          fileInput:
            b.block.type === 'ASK_TO_UPLOAD_RESOURCE' ? (
              <HandInControl vm={vm} blockId={b.blockId} accept={b.block.accept} />
            ) : undefined,
          video: video
            ? {
                resumeAt: vm.resumeAt(b.blockId),
                onPosition: (s, d) => vm.videoPosition(b.blockId, s, d),
                onSeeked: (s) => vm.videoSeeked(b.blockId, s),
                onPause: (s, d) => vm.videoPaused(b.blockId, s, d),
                onTranscriptRead:
                  b.block.type === 'VIDEO' && b.block.transcript ? () => void vm.transcriptRead(b.blockId) : undefined,
                watched: !!vm.videoDone.get(b.blockId),
              }
            : undefined,
        }}
      />
      {correct === true ? (
        <Right />
      ) : correct === false ? (
        <span className="lb-danger">
          <span aria-hidden="true">✕</span> <span>{tr('player.notRightYet')}</span>
        </span>
      ) : null}
    </div>
  );
});

const Quiz = observer(function Quiz({ vm, quiz }: { vm: PlayerViewModel; quiz: PlayerQuiz }) {
  const result = vm.result;
  const left = vm.attemptsLeft;
  const answering = !result;
  return (
    <section>
      <StepHeading>{tr('player.quiz', { title: quiz.title })}</StepHeading>
      <p className="lb-secondary" style={{ marginBottom: 16 }}>
        {tr('player.passMark', { mark: quiz.passMark })}{' '}
        {quiz.maxAttempts === null
          ? tr('player.unlimited')
          : tr('player.attemptsUsed', { used: quiz.attemptsUsed, max: quiz.maxAttempts })}
        {quiz.passed ? ` ${tr('player.quizPassed')}` : ''}
      </p>
      {result ? (
        <div role="status" aria-live="polite">
          <Notice
            kind={result.passed ? 'success' : 'error'}
            title={
              result.passed
                ? tr('player.passed', { score: result.score })
                : tr('player.notPassed', { score: result.score, mark: result.passMark })
            }
          >
            {result.questions.filter((q) => !q.correct).length
              ? tr('player.wrongAnswers', {
                  wrong: result.questions.filter((q) => !q.correct).length,
                  total: result.questions.length,
                })
              : tr('player.allRight')}{' '}
            {result.passed
              ? ''
              : left === null
                ? tr('player.mayTryAgain')
                : left > 0
                  ? left === 1
                    ? tr('player.attemptLeftOne')
                    : tr('player.attemptsLeft', { count: left })
                  : tr('player.noAttemptsLeft')}
          </Notice>
        </div>
      ) : null}
      {quiz.questions.map((q, i) => {
        const outcome = vm.outcomeOf(q.blockId);
        const correctKeys = outcome?.correctAnswer ? keysOf(outcome.correctAnswer) : null;
        const labels = 'options' in q.block ? q.block.options : [];
        return (
          <div
            key={q.blockId}
            className={`player-block ${outcome ? (outcome.correct ? 'block-right' : 'block-wrong') : ''}`}
          >
            <span className="lb-note" style={{ margin: '0 0 4px' }}>
              {tr('player.question', { number: i + 1, total: quiz.questions.length })}
            </span>
            <ServedBlockView
              block={q.block}
              interaction={{
                answer: vm.answerOf(q.blockId),
                onAnswer: (answer) => vm.give(q.blockId, answer),
                disabled: !answering || vm.submitting,
              }}
            />
            {outcome ? (
              <div style={{ marginTop: 8 }}>
                {outcome.correct ? (
                  <Right />
                ) : (
                  <span className="lb-danger">
                    <span aria-hidden="true">✕</span> <span>{tr('player.wrong')}</span>
                  </span>
                )}
                {correctKeys && !outcome.correct ? (
                  <p style={{ margin: '4px 0 0' }}>
                    {tr('player.correctAnswer', {
                      answer: correctKeys.map((k) => labels.find((o) => o.key === k)?.label ?? k).join('; '),
                    })}
                  </p>
                ) : null}
                {outcome.explanation ? <p className="lb-secondary">{outcome.explanation}</p> : null}
              </div>
            ) : null}
          </div>
        );
      })}
      {vm.quizMessage ? <Notice kind="warning" role="alert" title={vm.quizMessage} /> : null}
      {answering && !quiz.passed ? (
        <Button primary large pending={vm.submitting} onClick={() => void vm.submitQuiz()}>
          {tr('player.submit')}
        </Button>
      ) : null}
      {result && vm.canRetry ? (
        <Button primary large onClick={vm.tryAgain}>
          {tr('player.tryAgain')}
        </Button>
      ) : null}
      {result?.passed && vm.completed ? (
        <Button primary large onClick={vm.finish}>
          {tr('player.seeCertificate')}
        </Button>
      ) : null}
    </section>
  );
});

function keysOf(answer: { type: string } & Partial<{ choice: string; choices: string[] }>): string[] {
  return answer.choice ? [answer.choice] : (answer.choices ?? []);
}

const Completion = observer(function Completion({ vm }: { vm: PlayerViewModel }) {
  const course = vm.course!;
  const completion = course.completion;
  const download = async () => {
    const file = await vm.certificate();
    if (file) saveFile(file.name, file.content);
  };
  return (
    <section>
      <div className="pl-result">
        <div className="pl-result-icon" aria-hidden="true">
          ✓
        </div>
        <h2 id="player-step" tabIndex={-1} className="pl-result-title">
          {tr('player.completed')}
        </h2>
        <p className="lb-secondary">
          {completion
            ? tr('player.completedOn', { title: course.title, date: showDate(completion.completedAt) })
            : tr('player.completedPlain')}
        </p>
        <Button primary large pending={vm.downloading} onClick={() => void download()}>
          <span aria-hidden="true">⤓</span> {tr('player.download')}
        </Button>
      </div>
      {vm.downloadError ? (
        <Notice kind="error" role="alert" title={tr('player.downloadError', { error: vm.downloadError })} />
      ) : null}
      {completion ? (
        <dl className="pl-facts">
          <dt>{tr('player.factCompletedOn')}</dt>
          <dd>{showDate(completion.completedAt)}</dd>
          {completion.score !== null ? (
            <>
              <dt>{tr('player.factScore')}</dt>
              <dd>{completion.score}%</dd>
            </>
          ) : null}
          <dt>{tr('player.factAttempts')}</dt>
          <dd>{completion.attempts}</dd>
          {completion.certificateCode ? (
            <>
              <dt>{tr('player.factCode')}</dt>
              <dd>
                <a href={`/verify/${completion.certificateCode}`}>{completion.certificateCode}</a>
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
    </section>
  );
});

/** An ask-for-a-file block's control: what it takes first, the file picker, a progress bar, then the file handed in. */
const HandInControl = observer(function HandInControl({
  vm,
  blockId,
  accept,
}: {
  vm: PlayerViewModel;
  blockId: string;
  accept: readonly string[];
}) {
  const id = useId();
  const handedIn = vm.handedIn.get(blockId);
  const progress = vm.handInOf(blockId);
  if (!vm.canHandIn) return <span className="lb-secondary">{tr('player.handInUnavailable')}</span>;
  return (
    <div className="pl-hand-in">
      {handedIn ? (
        <span>
          <span aria-hidden="true">✓</span> {tr('player.handedIn')}{' '}
          <a href={handedIn.url} target="_blank" rel="noopener">
            {handedIn.fileName}
          </a>
        </span>
      ) : null}
      <label htmlFor={`${id}-file`} style={{ fontWeight: 600 }}>
        {tr(handedIn ? 'player.handInAnother' : 'player.yourFile')}
      </label>
      <span className="lb-secondary" id={`${id}-limits`} style={{ margin: 0 }}>
        {vm.handInLimitsOf(accept)}
      </span>
      <input
        id={`${id}-file`}
        type="file"
        accept={vm.handInAcceptOf(accept)}
        aria-describedby={`${id}-limits`}
        disabled={progress?.status === 'uploading'}
        style={{ maxWidth: '100%' }}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void vm.handIn(blockId, file);
        }}
      />
      {progress?.status === 'uploading' ? (
        <div role="status" aria-live="polite">
          <div className="pl-progress">
            <progress
              max={100}
              value={progress.percent}
              aria-label={tr('player.uploading', { name: progress.fileName })}
            />
            <span aria-hidden="true">{progress.percent}%</span>
          </div>
          <div className="pl-row">
            <span>{tr('player.sentOf', { sent: formatBytes(progress.sent), total: formatBytes(progress.total) })}</span>
            <Button small onClick={() => vm.cancelHandIn(blockId)}>
              {tr('player.cancelUpload')}
            </Button>
          </div>
        </div>
      ) : null}
      {progress?.status === 'done' && progress.message ? (
        <Notice kind="success" role="status" title={progress.message} />
      ) : null}
      {progress?.status === 'error' && progress.message ? (
        <Notice kind="error" role="alert" title={progress.message}>
          {tr('player.chooseAnother')}
        </Notice>
      ) : null}
    </div>
  );
});
