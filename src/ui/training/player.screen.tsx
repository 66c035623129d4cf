import {
  ArrowLeftOutlined,
  CheckCircleFilled,
  CheckCircleOutlined,
  CloseCircleOutlined,
  CloudSyncOutlined,
  DownloadOutlined,
  ExclamationCircleOutlined,
  FormOutlined,
  ReadOutlined,
} from '@ant-design/icons';
import { Alert, Button, Descriptions, Grid, Progress, Result, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useId } from 'react';
import { Link, useParams } from 'react-router';
import type { PlayerBlock, PlayerLesson, PlayerQuiz } from '../../application/training/training-api.port';
import type { CourseLanguage } from '../../domain/courses/course';
import { formatBytes } from '../../domain/files/uploads';
import { ServedBlockView } from '../courses/blocks/block-preview';
import { LANGUAGE_TAGS } from '../courses/blocks/block-fields';
import { useViewModel } from '../shared/container-context';
import { LoadError } from '../shared/page-state';
import { PlayerViewModel } from './player.view-model';
import { showDate, statusLabel, STATUS_COLOURS } from './training-labels';

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

/** The course player: a page per lesson or quiz, the course's progress in a sticky header, the outline beside. */
export const PlayerScreen = observer(function PlayerScreen() {
  const { courseId = '' } = useParams();
  const vm = useViewModel(PlayerViewModel);
  const screens = Grid.useBreakpoint();
  const wide = !!screens.lg;

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

  if (vm.status === 'loading') {
    return (
      <div className="player" role="status" aria-live="polite" aria-label="Loading the course">
        <Skeleton active title={{ width: '60%' }} paragraph={{ rows: 1 }} />
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (vm.status === 'not-found') {
    return (
      <div className="player">
        <Typography.Title level={1}>Course not found</Typography.Title>
        <Alert type="warning" showIcon title="This course is not assigned to you, or no longer exists." description={<Link to="/training">Back to My training</Link>} />
      </div>
    );
  }
  if (vm.status === 'error' || !vm.course) {
    return (
      <div className="player">
        <Typography.Title level={1}>The course could not be opened</Typography.Title>
        <LoadError message={vm.error ?? ''} onRetry={() => void vm.load(courseId)} />
      </div>
    );
  }
  const course = vm.course;
  const lang = LANGUAGE_TAGS[course.language];

  return (
    <div className={wide ? 'player-wide' : undefined} style={wide ? { display: 'grid', gridTemplateColumns: '260px minmax(0, 720px)', gap: 24, justifyContent: 'center' } : undefined}>
      {wide ? (
        <nav aria-label="Course outline" style={{ position: 'sticky', top: 16, alignSelf: 'start' }}>
          <Link to="/training">
            <ArrowLeftOutlined aria-hidden /> My training
          </Link>
          <Outline vm={vm} />
        </nav>
      ) : null}
      <div className="player" style={{ width: '100%' }}>
        {!wide ? (
          <Link to="/training">
            <ArrowLeftOutlined aria-hidden /> My training
          </Link>
        ) : null}
        <header className="player-header">
          <Typography.Title level={1} style={{ fontSize: 24, margin: '4px 0' }} lang={lang}>
            {course.title}
          </Typography.Title>
          <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
            <Tag color={STATUS_COLOURS[course.status]}>{statusLabel(course.status)}</Tag>
            {course.dueAt && course.status !== 'COMPLETED' ? (
              <Tag color={course.status === 'OVERDUE' ? 'error' : 'default'}>
                {course.status === 'OVERDUE' ? 'Overdue since' : 'Due'} {showDate(course.dueAt)}
              </Tag>
            ) : null}
            <SavedIndicator vm={vm} />
          </div>
          <Progress percent={vm.progressPercent} aria-label={`Course progress: ${vm.progressPercent}%`} style={{ margin: '4px 0 0' }} />
          {vm.languageOptions.length > 1 ? (
            <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
              <label htmlFor="player-language">Language</label>
              <Select
                id="player-language"
                style={{ minWidth: 200, maxWidth: '100%' }}
                value={course.language}
                options={vm.languageOptions}
                loading={vm.languageLoading}
                onChange={(language: CourseLanguage) => void vm.chooseLanguage(language)}
              />
            </div>
          ) : null}
        </header>
        {!wide ? (
          <details style={{ margin: '8px 0 16px' }}>
            <summary style={{ minHeight: 44, display: 'flex', alignItems: 'center', cursor: 'pointer' }}>
              Contents: {vm.outline.filter((o) => o.done).length} of {vm.outline.length} done
            </summary>
            <nav aria-label="Course outline">
              <Outline vm={vm} />
            </nav>
          </details>
        ) : null}
        {vm.error ? <Alert type="error" showIcon title={vm.error} style={{ marginBottom: 16 }} /> : null}
        <div lang={lang}>
          {vm.showCompletion ? <Completion vm={vm} /> : vm.current?.kind === 'LESSON' ? <Lesson vm={vm} lesson={vm.current} /> : vm.current ? <Quiz vm={vm} quiz={vm.current} /> : null}
        </div>
        <div className="player-nav">
          <Button onClick={vm.previous} disabled={vm.index === 0 && !vm.showCompletion}>
            Previous
          </Button>
          {!vm.showCompletion ? (
            vm.index + 1 < vm.contents.length ? (
              <Button onClick={vm.next}>Next</Button>
            ) : vm.completed ? (
              <Button type="primary" onClick={vm.finish}>
                Finish
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
    <ol className="player-outline" style={{ listStyle: 'none', padding: 0, margin: '12px 0' }}>
      {vm.outline.map((item, i) => (
        <li key={item.contentId}>
          <Button
            type={item.current ? 'primary' : 'text'}
            aria-current={item.current ? 'step' : undefined}
            onClick={() => vm.open(i)}
            style={{ width: '100%', justifyContent: 'flex-start', height: 'auto', minHeight: 44, whiteSpace: 'normal', textAlign: 'left' }}
            icon={item.done ? <CheckCircleFilled aria-hidden /> : item.kind === 'QUIZ' ? <FormOutlined aria-hidden /> : <ReadOutlined aria-hidden />}
          >
            {item.position}. {item.title}
            <span className="visually-hidden">
              {item.kind === 'QUIZ' ? ', quiz' : ', lesson'}
              {item.done ? ', done' : ''}
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
    <span role="status" aria-live="polite" style={{ fontSize: 13, display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      {state === 'saving' ? (
        <>
          <CloudSyncOutlined aria-hidden /> Saving…
        </>
      ) : state === 'saved' ? (
        <Typography.Text type="success" style={{ fontSize: 13 }}>
          <CheckCircleOutlined aria-hidden /> All answers saved
        </Typography.Text>
      ) : state === 'error' ? (
        <>
          <Typography.Text type="danger" style={{ fontSize: 13 }}>
            <ExclamationCircleOutlined aria-hidden /> Not saved: {vm.saver.error}
          </Typography.Text>
          <Button size="small" onClick={() => void vm.saver.retry()}>
            Save again
          </Button>
        </>
      ) : null}
    </span>
  );
});

const StepHeading = ({ children }: { children: React.ReactNode }) => (
  <Typography.Title level={2} id="player-step" tabIndex={-1} style={{ fontSize: 20, outline: 'none' }}>
    {children}
  </Typography.Title>
);

const Lesson = observer(function Lesson({ vm, lesson }: { vm: PlayerViewModel; lesson: PlayerLesson }) {
  const missing = vm.lessonMissing;
  const fileUrl = (fileId: string) => vm.course?.files[fileId];
  return (
    <section>
      <StepHeading>
        Lesson {vm.index + 1}: {lesson.title}
      </StepHeading>
      {lesson.done ? <Alert type="success" showIcon title="You have done this lesson." style={{ marginBottom: 16 }} /> : null}
      {lesson.blocks.map((b) => (
        <LessonBlockCard key={b.blockId} vm={vm} block={b} fileUrl={fileUrl} />
      ))}
      {!lesson.done ? (
        <div style={{ marginTop: 8 }}>
          {missing.length && !vm.lessonMessage ? (
            <Alert
              type="info"
              role="note"
              showIcon
              title="To finish this lesson"
              description={
                <ul style={{ margin: 0, paddingLeft: 20 }}>
                  {missing.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              }
              style={{ marginBottom: 12 }}
            />
          ) : null}
          {vm.lessonMessage ? <Alert type="warning" showIcon role="alert" title={vm.lessonMessage} style={{ marginBottom: 12 }} /> : null}
          <Button type="primary" size="large" loading={vm.marking} onClick={() => void vm.markDone()}>
            Mark lesson done
          </Button>
        </div>
      ) : null}
    </section>
  );
});

const LessonBlockCard = observer(function LessonBlockCard({ vm, block: b, fileUrl }: { vm: PlayerViewModel; block: PlayerBlock; fileUrl: (id: string) => string | undefined }) {
  const correct = vm.correct.get(b.blockId);
  const video = b.block.type === 'VIDEO';
  return (
    <div className="player-block" style={{ textAlign: b.block.alignment === 'CENTER' ? 'center' : b.block.alignment === 'RIGHT' ? 'right' : 'left' }}>
      {b.fallback ? (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13, marginBottom: 4 }}>
          Shown in the course&apos;s primary language: this part is not translated yet.
        </Typography.Text>
      ) : null}
      <ServedBlockView
        block={b.block}
        fileUrl={fileUrl}
        interaction={{
          answer: vm.answerOf(b.blockId),
          onAnswer: (answer) => vm.give(b.blockId, answer),
          onNext: vm.next,
          fileInput: b.block.type === 'ASK_TO_UPLOAD_RESOURCE' ? <HandInControl vm={vm} blockId={b.blockId} accept={b.block.accept} /> : undefined,
          video: video
            ? {
                resumeAt: vm.resumeAt(b.blockId),
                onPosition: (s, d) => vm.videoPosition(b.blockId, s, d),
                onSeeked: (s) => vm.videoSeeked(b.blockId, s),
                onPause: (s, d) => vm.videoPaused(b.blockId, s, d),
                onTranscriptRead: b.block.type === 'VIDEO' && b.block.transcript ? () => void vm.transcriptRead(b.blockId) : undefined,
                watched: !!vm.videoDone.get(b.blockId),
              }
            : undefined,
        }}
      />
      {correct === true ? (
        <Typography.Text type="success">
          <CheckCircleOutlined aria-hidden /> Right
        </Typography.Text>
      ) : correct === false ? (
        <Typography.Text type="danger">
          <CloseCircleOutlined aria-hidden /> Not right yet: have another look.
        </Typography.Text>
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
      <StepHeading>
        Quiz: {quiz.title}
      </StepHeading>
      <Typography.Paragraph type="secondary">
        Pass mark {quiz.passMark}%.{' '}
        {quiz.maxAttempts === null ? 'Unlimited attempts.' : `Attempts used: ${quiz.attemptsUsed} of ${quiz.maxAttempts}.`}
        {quiz.passed ? ' You have passed this quiz.' : ''}
      </Typography.Paragraph>
      {result ? (
        <div role="status" aria-live="polite">
          <Alert
            type={result.passed ? 'success' : 'error'}
            showIcon
            title={result.passed ? `Passed: you scored ${result.score}%` : `Not passed: you scored ${result.score}%, and ${result.passMark}% is needed`}
            description={
              <>
                {result.questions.filter((q) => !q.correct).length
                  ? `${result.questions.filter((q) => !q.correct).length} of ${result.questions.length} answers were wrong; they are marked below.`
                  : 'Every answer was right.'}{' '}
                {result.passed
                  ? ''
                  : left === null
                    ? 'You may try again.'
                    : left > 0
                      ? `${left} ${left === 1 ? 'attempt' : 'attempts'} left.`
                      : 'No attempts left: ask your admin for another attempt.'}
              </>
            }
            style={{ marginBottom: 16 }}
          />
        </div>
      ) : null}
      {quiz.questions.map((q, i) => {
        const outcome = vm.outcomeOf(q.blockId);
        const correctKeys = outcome?.correctAnswer ? keysOf(outcome.correctAnswer) : null;
        const labels = 'options' in q.block ? q.block.options : [];
        return (
          <div key={q.blockId} className={`player-block ${outcome ? (outcome.correct ? 'block-right' : 'block-wrong') : ''}`}>
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
              Question {i + 1} of {quiz.questions.length}
            </Typography.Text>
            <ServedBlockView
              block={q.block}
              interaction={{ answer: vm.answerOf(q.blockId), onAnswer: (answer) => vm.give(q.blockId, answer), disabled: !answering || vm.submitting }}
            />
            {outcome ? (
              <div style={{ marginTop: 8 }}>
                {outcome.correct ? (
                  <Typography.Text type="success">
                    <CheckCircleOutlined aria-hidden /> Right
                  </Typography.Text>
                ) : (
                  <Typography.Text type="danger">
                    <CloseCircleOutlined aria-hidden /> Wrong
                  </Typography.Text>
                )}
                {correctKeys && !outcome.correct ? (
                  <Typography.Paragraph style={{ margin: '4px 0 0' }}>
                    Correct answer: {correctKeys.map((k) => labels.find((o) => o.key === k)?.label ?? k).join('; ')}
                  </Typography.Paragraph>
                ) : null}
                {outcome.explanation ? <Typography.Paragraph type="secondary">{outcome.explanation}</Typography.Paragraph> : null}
              </div>
            ) : null}
          </div>
        );
      })}
      {vm.quizMessage ? <Alert type="warning" showIcon role="alert" title={vm.quizMessage} style={{ marginBottom: 12 }} /> : null}
      {answering && !quiz.passed ? (
        <Button type="primary" size="large" loading={vm.submitting} onClick={() => void vm.submitQuiz()}>
          Submit answers
        </Button>
      ) : null}
      {result && vm.canRetry ? (
        <Button type="primary" size="large" onClick={vm.tryAgain}>
          Try again
        </Button>
      ) : null}
      {result?.passed && vm.completed ? (
        <Button type="primary" size="large" onClick={vm.finish}>
          See your certificate
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
      <Result
        status="success"
        title={
          <h2 id="player-step" tabIndex={-1} className="result-title" style={{ outline: 'none' }}>
            Course completed
          </h2>
        }
        subTitle={completion ? `You completed “${course.title}” on ${showDate(completion.completedAt)}.` : 'You completed this course.'}
        extra={
          <Button type="primary" size="large" icon={<DownloadOutlined aria-hidden />} loading={vm.downloading} onClick={() => void download()}>
            Download certificate
          </Button>
        }
      />
      {vm.downloadError ? <Alert type="error" showIcon role="alert" title={`The certificate could not be downloaded. ${vm.downloadError}`} style={{ marginBottom: 16 }} /> : null}
      {completion ? (
        <Descriptions bordered column={1} size="small" style={{ background: '#fff' }}>
          <Descriptions.Item label="Completed on">{showDate(completion.completedAt)}</Descriptions.Item>
          {completion.score !== null ? <Descriptions.Item label="Score">{completion.score}%</Descriptions.Item> : null}
          <Descriptions.Item label="Quiz attempts">{completion.attempts}</Descriptions.Item>
          {completion.certificateCode ? (
            <Descriptions.Item label="Verification code">
              <Link to={`/verify/${completion.certificateCode}`}>{completion.certificateCode}</Link>
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      ) : null}
    </section>
  );
});

/** An ask-for-a-file block's control: what it takes first, the file picker, a progress bar, then the file handed in. */
const HandInControl = observer(function HandInControl({ vm, blockId, accept }: { vm: PlayerViewModel; blockId: string; accept: readonly string[] }) {
  const id = useId();
  const handedIn = vm.handedIn.get(blockId);
  const progress = vm.handInOf(blockId);
  if (!vm.canHandIn) return <Typography.Text type="secondary">Files cannot be handed in on this server.</Typography.Text>;
  return (
    <Space orientation="vertical" style={{ width: '100%', textAlign: 'left' }}>
      {handedIn ? (
        <Typography.Text>
          <CheckCircleOutlined aria-hidden /> Handed in:{' '}
          <Typography.Link href={handedIn.url} target="_blank" rel="noopener">
            {handedIn.fileName}
          </Typography.Link>
        </Typography.Text>
      ) : null}
      <label htmlFor={`${id}-file`} style={{ fontWeight: 600 }}>
        {handedIn ? 'Hand in another file instead' : 'Your file'}
      </label>
      <Typography.Text type="secondary" id={`${id}-limits`}>
        {vm.handInLimitsOf(accept)}
      </Typography.Text>
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
          <Progress percent={progress.percent} aria-label={`Uploading ${progress.fileName}`} />
          <Space wrap>
            <Typography.Text>
              {formatBytes(progress.sent)} of {formatBytes(progress.total)} sent
            </Typography.Text>
            <Button size="small" onClick={() => vm.cancelHandIn(blockId)}>
              Cancel upload
            </Button>
          </Space>
        </div>
      ) : null}
      {progress?.status === 'done' && progress.message ? <Alert type="success" showIcon role="status" title={progress.message} /> : null}
      {progress?.status === 'error' && progress.message ? (
        <Alert type="error" showIcon role="alert" title={progress.message} description="Choose another file to try again." />
      ) : null}
    </Space>
  );
});
