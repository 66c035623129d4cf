import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, HolderOutlined } from '@ant-design/icons';
import {
  Alert,
  Breadcrumb,
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  List,
  Popconfirm,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { observer } from 'mobx-react-lite';
import { CourseValidity } from './course-validity';
import { useContext, useEffect, useState, type ReactNode } from 'react';
import { CourseHomeContext } from './course-home';
import { Link, useNavigate, useParams } from 'react-router';
import type {
  AuthoringBlock,
  AuthoringContent,
  QuizSettings,
} from '../../application/courses/authoring/course-authoring-api.port';
import type { ChecklistItem } from '../../application/courses/authoring/publish-checklist';
import { BLOCK_TYPES, type BlockType, type LessonBlock } from '../../contracts/learning/blocks.contract';
import type { AnswerReveal } from '../../domain/courses/blocks';
import { LANGUAGE_LABELS, type CourseLanguage } from '../../domain/courses/course';
import { useViewModel } from '../shared/container-context';
import { CoverImageSlot, UploadSlot } from './blocks/upload-slot';
import { EmptyState, LoadError, Placeholder } from '../shared/page-state';
import { BLOCK_TYPE_HINTS, BLOCK_TYPE_LABELS } from './blocks/block-draft';
import { BlockEditor, type RenderFileSlot } from './blocks/block-editor';
import { LANGUAGE_TAGS } from './blocks/block-fields';
import { BlockPreview, type FileUrl } from './blocks/block-preview';
import { StatusTag } from './course-list.screen';
import { CourseBuilderViewModel, QUESTION_TYPES } from './course-builder.view-model';
import { CourseFilesViewModel } from './course-files.view-model';

const QUESTION_LABELS: Partial<Record<BlockType, string>> = {
  MULTIPLE_CHOICE: 'One right answer',
  MULTIPLE_RESPONSE: 'Several right answers',
};
const REVEAL_LABELS: Record<AnswerReveal, string> = {
  NEVER: 'Never',
  AFTER_PASSING: 'After the learner passes',
  AFTER_LAST_ATTEMPT: 'After passing or the last attempt',
};

/** The builder's optional file handling (uploads) and file addresses (previews), supplied where available. */
export interface BuilderFiles {
  renderFile?: RenderFileSlot;
  fileUrl?: FileUrl;
  /** The course's cover image, where uploads are possible. */
  renderCover?: (vm: CourseBuilderViewModel) => ReactNode;
}

/** The builder's file slots and previews, on the files' view-model (CourseFilesViewModel). */
function useBuilderFiles(vm: CourseBuilderViewModel, courseId: string): BuilderFiles {
  const courseFiles = useViewModel(CourseFilesViewModel);
  const [files] = useState((): BuilderFiles => {
    const { upload, uploaded } = courseFiles;
    return {
      renderFile: (slot) => (
        <UploadSlot key={slot.id} slot={slot} upload={upload} uploaded={uploaded} language={vm.language} />
      ),
      fileUrl: uploaded.urlOf,
      renderCover: (builder) =>
        builder.course ? (
          <CoverImageSlot
            courseId={builder.course.courseId}
            courseTitle={builder.course.title}
            coverFileId={builder.course.coverFileId}
            upload={upload}
            uploaded={uploaded}
            onChanged={(fileId) => builder.coverChanged(fileId)}
          />
        ) : null,
    };
  });
  useEffect(() => {
    if (courseId) void courseFiles.load(courseId);
  }, [courseFiles, courseId]);
  return files;
}

export const CourseBuilderScreen = observer(function CourseBuilderScreen() {
  const vm = useViewModel(CourseBuilderViewModel);
  const { courseId = '' } = useParams();
  const files = useBuilderFiles(vm, courseId);
  const navigate = useNavigate();
  const home = useContext(CourseHomeContext);
  const [tab, setTab] = useState('build');
  useEffect(() => {
    void vm.load(courseId);
  }, [vm, courseId]);

  if (vm.status === 'loading' && !vm.course) {
    return (
      <div role="status" aria-label="Loading the course">
        <Placeholder title paragraph={{ rows: 2 }} />
        <Row gutter={24} style={{ marginTop: 24 }}>
          <Col xs={24} lg={8}>
            <Placeholder paragraph={{ rows: 6 }} />
          </Col>
          <Col xs={24} lg={16}>
            <Placeholder paragraph={{ rows: 10 }} />
          </Col>
        </Row>
      </div>
    );
  }
  if (vm.status === 'error' || !vm.course) {
    return (
      <LoadError message={vm.error ?? 'This course could not be loaded.'} onRetry={() => void vm.load(courseId)} />
    );
  }
  const course = vm.course;
  const problems = vm.checklist.errors.length;
  return (
    <section aria-labelledby="builder-title" className="course-builder">
      <Breadcrumb
        items={[
          { title: <Link to={home.list}>{home.listLabel}</Link> },
          { title: home.course ? <Link to={home.course(course.courseId)}>{course.title}</Link> : course.title },
          { title: 'Builder' },
        ]}
      />
      <Space style={{ width: '100%', justifyContent: 'space-between', marginTop: 12 }} wrap align="start">
        <Typography.Title level={1} id="builder-title" style={{ margin: 0 }}>
          {course.title}
        </Typography.Title>
        <Space wrap>
          <StatusTag status={course.status} />
          <Tag>Version {course.version}</Tag>
          {home.course ? (
            // A workspace's own choice: the platform's catalogue course has no learners of its own.
            <Space size={4}>
              <Switch
                id="course-reminders"
                size="small"
                checked={course.reminderEnabled}
                loading={vm.busy === 'content'}
                onChange={(on) => void vm.setReminders(on)}
              />
              <label htmlFor="course-reminders">Reminders</label>
            </Space>
          ) : null}
          <Popconfirm
            placement="bottomRight"
            title="Duplicate this course?"
            description="A new draft with every language, lesson, block and quiz; files are shared."
            okText="Duplicate"
            onConfirm={async () => {
              const copy = await vm.duplicate();
              if (copy) void navigate(`${home.list}/${copy}/build`);
            }}
          >
            <Button>Duplicate</Button>
          </Popconfirm>
          <Button type="primary" onClick={() => setTab('publish')}>
            Publish…
          </Button>
        </Space>
      </Space>
      <Typography.Paragraph type="secondary">
        Lessons and quizzes in the order learners meet them. Write in the primary language first, then translate.
      </Typography.Paragraph>

      <LanguageBar vm={vm} />

      {vm.notice ? (
        <Alert
          type={vm.notice.type}
          showIcon
          role={vm.notice.type === 'error' ? 'alert' : 'status'}
          title={vm.notice.message}
          description={
            vm.notice.details ? (
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {vm.notice.details.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            ) : undefined
          }
          style={{ margin: '12px 0' }}
        />
      ) : null}

      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'build', label: 'Build', children: <BuildTab vm={vm} files={files} /> },
          { key: 'preview', label: 'Preview', children: <PreviewTab vm={vm} fileUrl={files.fileUrl} /> },
          {
            key: 'publish',
            label: problems ? `Publish (${problems} to fix)` : 'Publish',
            children: <PublishTab vm={vm} />,
          },
          { key: 'versions', label: 'Versions', children: <VersionsTab vm={vm} /> },
        ]}
      />
    </section>
  );
});

// Languages ----------------------------------------------------------------------------------------------------------

const LanguageBar = observer(function LanguageBar({ vm }: { vm: CourseBuilderViewModel }) {
  const counts = vm.missingCounts;
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }}>
      <Radio.Group
        aria-label="Language"
        optionType="button"
        style={{ display: 'flex', flexWrap: 'wrap', rowGap: 4 }}
        value={vm.language}
        onChange={(e) => vm.setLanguage(e.target.value as CourseLanguage)}
        options={vm.languages.map((language) => {
          const missing = counts[language] ?? 0;
          const primary = language === vm.primary;
          return {
            value: language,
            label: (
              <span>
                {LANGUAGE_LABELS[language]}
                {primary ? ' · primary' : ''}
                {missing ? <span> · {missing} missing</span> : null}
              </span>
            ),
          };
        })}
      />
      {vm.addableLanguages.length ? (
        <Select<CourseLanguage>
          aria-label="Add a language"
          placeholder="Add a language"
          style={{ minWidth: 200 }}
          value={null}
          loading={vm.busy === 'language'}
          onChange={(language) => void vm.addLanguage(language)}
          options={vm.addableLanguages.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] }))}
        />
      ) : null}
    </div>
  );
});

// Build ----------------------------------------------------------------------------------------------------------------

const BuildTab = observer(function BuildTab({ vm, files }: { vm: CourseBuilderViewModel; files: BuilderFiles }) {
  return (
    <Row gutter={[24, 24]} align="top">
      <Col xs={24} lg={8}>
        <Outline vm={vm} />
        {files.renderCover ? (
          <Card
            size="small"
            title={
              <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
                Cover image
              </Typography.Title>
            }
            style={{ marginTop: 16 }}
          >
            {files.renderCover(vm)}
          </Card>
        ) : null}
      </Col>
      <Col xs={24} lg={16}>
        {vm.selected ? (
          <ContentPanel vm={vm} content={vm.selected} files={files} />
        ) : (
          <Card>
            <EmptyState title="This course has no lessons yet: add the first lesson on the left." />
          </Card>
        )}
      </Col>
    </Row>
  );
});

const Outline = observer(function Outline({ vm }: { vm: CourseBuilderViewModel }) {
  const [dragging, setDragging] = useState<string | null>(null);
  const [lessonTitle, setLessonTitle] = useState('');
  const [quizTitle, setQuizTitle] = useState('');
  const contents = vm.contents;
  return (
    <Card title={<span id="outline-title">Contents</span>} size="small">
      {contents.length === 0 ? (
        <Typography.Paragraph type="secondary">Nothing yet. Start with a lesson.</Typography.Paragraph>
      ) : (
        <ol aria-labelledby="outline-title" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {contents.map((content, index) => {
            const selected = content.contentId === vm.selectedContentId;
            return (
              <li
                key={content.contentId}
                draggable
                onDragStart={(e) => {
                  setDragging(content.contentId);
                  e.dataTransfer.effectAllowed = 'move';
                }}
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => {
                  e.preventDefault();
                  if (dragging) void vm.dropContent(dragging, content.contentId);
                  setDragging(null);
                }}
                onDragEnd={() => setDragging(null)}
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 4,
                  padding: '4px 0',
                  borderBottom: '1px solid #f0f0f0',
                  opacity: dragging === content.contentId ? 0.5 : 1,
                }}
              >
                <HolderOutlined aria-hidden style={{ cursor: 'grab', color: 'rgba(0,0,0,0.6)' }} />
                <Button
                  type={selected ? 'primary' : 'text'}
                  ghost={selected}
                  aria-current={selected ? 'true' : undefined}
                  onClick={() => vm.select(content.contentId)}
                  style={{
                    flex: 1,
                    minWidth: 0,
                    justifyContent: 'flex-start',
                    display: 'flex',
                    height: 'auto',
                    minHeight: 32,
                  }}
                >
                  <Tag color={content.kind === 'LESSON' ? 'geekblue' : 'purple'} style={{ marginInlineEnd: 4 }}>
                    {content.kind === 'LESSON' ? 'Lesson' : 'Quiz'}
                  </Tag>
                  <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {index + 1}. {content.title}
                  </span>
                </Button>
                <Button
                  size="small"
                  aria-label={`Move ${content.title} up`}
                  icon={<ArrowUpOutlined />}
                  disabled={index === 0 || vm.busy === 'order'}
                  onClick={() => void vm.moveContent(content.contentId, -1)}
                />
                <Button
                  size="small"
                  aria-label={`Move ${content.title} down`}
                  icon={<ArrowDownOutlined />}
                  disabled={index === contents.length - 1 || vm.busy === 'order'}
                  onClick={() => void vm.moveContent(content.contentId, 1)}
                />
              </li>
            );
          })}
        </ol>
      )}
      <form
        style={{ marginTop: 16 }}
        onSubmit={(e) => {
          e.preventDefault();
          void vm.addLesson(lessonTitle).then((ok) => ok && setLessonTitle(''));
        }}
      >
        <label htmlFor="new-lesson-title" style={{ display: 'block', marginBottom: 4 }}>
          New lesson title
        </label>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            id="new-lesson-title"
            value={lessonTitle}
            onChange={(e) => setLessonTitle(e.target.value)}
            status={vm.formErrors.lessonTitle ? 'error' : undefined}
          />
          <Button htmlType="submit" loading={vm.busy === 'content'}>
            Add lesson
          </Button>
        </Space.Compact>
        {vm.formErrors.lessonTitle ? (
          <Typography.Text type="danger">{vm.formErrors.lessonTitle}</Typography.Text>
        ) : null}
      </form>
      <form
        style={{ marginTop: 12 }}
        onSubmit={(e) => {
          e.preventDefault();
          void vm.addQuiz(quizTitle).then((ok) => ok && setQuizTitle(''));
        }}
      >
        <label htmlFor="new-quiz-title" style={{ display: 'block', marginBottom: 4 }}>
          New quiz title
        </label>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            id="new-quiz-title"
            value={quizTitle}
            onChange={(e) => setQuizTitle(e.target.value)}
            status={vm.formErrors.quizTitle ? 'error' : undefined}
          />
          <Button htmlType="submit" loading={vm.busy === 'content'}>
            Add quiz
          </Button>
        </Space.Compact>
        {vm.formErrors.quizTitle ? <Typography.Text type="danger">{vm.formErrors.quizTitle}</Typography.Text> : null}
      </form>
    </Card>
  );
});

const ContentPanel = observer(function ContentPanel({
  vm,
  content,
  files,
}: {
  vm: CourseBuilderViewModel;
  content: AuthoringContent;
  files: BuilderFiles;
}) {
  const blocks = content.kind === 'LESSON' ? content.blocks : content.questions;
  const noun = content.kind === 'LESSON' ? 'block' : 'question';
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
          {content.kind === 'LESSON' ? 'Lesson' : 'Quiz'}: {content.title}
        </Typography.Title>
      }
      extra={
        <Popconfirm
          title={`Delete "${content.title}" and everything in it?`}
          okText="Delete"
          okButtonProps={{ danger: true }}
          onConfirm={() => vm.removeContent(content.contentId)}
        >
          <Button danger icon={<DeleteOutlined />}>
            Delete {content.kind === 'LESSON' ? 'lesson' : 'quiz'}
          </Button>
        </Popconfirm>
      }
    >
      <ContentTitleForm vm={vm} content={content} key={`${content.contentId}-${vm.language}`} />
      {content.kind === 'QUIZ' ? <QuizSettingsForm vm={vm} quiz={content} key={content.contentId} /> : null}
      {blocks.length === 0 && !vm.editing ? (
        <EmptyState
          title={
            content.kind === 'LESSON'
              ? 'This lesson is empty: add its first block below.'
              : 'This quiz has no questions: add the first below.'
          }
        />
      ) : (
        <ol aria-label={content.kind === 'LESSON' ? 'Blocks' : 'Questions'} style={{ listStyle: 'none', padding: 0 }}>
          {blocks.map((item, index) =>
            vm.editing?.blockId === item.blockId ? (
              <li key={item.blockId}>
                <EditingPanel vm={vm} files={files} />
              </li>
            ) : (
              <BlockRow
                key={item.blockId}
                vm={vm}
                item={item}
                index={index}
                count={blocks.length}
                noun={noun}
                fileUrl={files.fileUrl}
              />
            ),
          )}
        </ol>
      )}
      {vm.editing && vm.editing.blockId === null ? (
        <EditingPanel vm={vm} files={files} />
      ) : (
        <BlockPicker vm={vm} quiz={content.kind === 'QUIZ'} />
      )}
    </Card>
  );
});

/** The lesson's or quiz's title in the language being written (each language keeps its own). */
const ContentTitleForm = observer(function ContentTitleForm({
  vm,
  content,
}: {
  vm: CourseBuilderViewModel;
  content: AuthoringContent;
}) {
  const [title, setTitle] = useState(vm.titleIn(content));
  const id = `content-title-${content.contentId}`;
  const error = vm.formErrors.contentTitle;
  return (
    <Form
      layout="vertical"
      onFinish={() => void vm.renameSelected(title)}
      style={{ marginBottom: 16, maxWidth: 520 }}
      aria-label={`${content.kind === 'LESSON' ? 'Lesson' : 'Quiz'} title in ${LANGUAGE_LABELS[vm.language]}`}
    >
      <Form.Item
        label={`Title in ${LANGUAGE_LABELS[vm.language]}`}
        htmlFor={id}
        validateStatus={error ? 'error' : undefined}
        help={
          error ??
          (vm.titleIn(content) ? undefined : 'Not written in this language yet: learners see the primary title.')
        }
        style={{ marginBottom: 8 }}
      >
        <Space.Compact style={{ width: '100%' }}>
          <Input
            id={id}
            value={title}
            maxLength={200}
            onChange={(e) => setTitle(e.target.value)}
            lang={LANGUAGE_TAGS[vm.language]}
          />
          <Button htmlType="submit" loading={vm.busy === 'content'}>
            Save title
          </Button>
        </Space.Compact>
      </Form.Item>
    </Form>
  );
});

const BlockRow = observer(function BlockRow({
  vm,
  item,
  index,
  count,
  noun,
  fileUrl,
}: {
  vm: CourseBuilderViewModel;
  item: AuthoringBlock;
  index: number;
  count: number;
  noun: string;
  fileUrl?: FileUrl;
}) {
  const name = `${noun === 'block' ? 'block' : 'question'} ${index + 1} (${BLOCK_TYPE_LABELS[item.block.type]})`;
  return (
    <li style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 12, marginBottom: 12 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
        <Typography.Text type="secondary">
          {index + 1}. {BLOCK_TYPE_LABELS[item.block.type]}
        </Typography.Text>
        <Space size={4}>
          <Button
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={`Move ${name} up`}
            disabled={index === 0 || vm.busy === 'order'}
            onClick={() => void vm.moveBlock(item.blockId, -1)}
          />
          <Button
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={`Move ${name} down`}
            disabled={index === count - 1 || vm.busy === 'order'}
            onClick={() => void vm.moveBlock(item.blockId, 1)}
          />
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={`Edit ${name}`}
            onClick={() => vm.editBlock(item.blockId)}
          >
            Edit
          </Button>
          <Popconfirm
            title={`Delete ${name}?`}
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => vm.removeBlock(item.blockId)}
          >
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${name}`} />
          </Popconfirm>
        </Space>
      </Space>
      <BlockPreview
        block={item.block}
        language={vm.language}
        primary={vm.primary}
        fileUrl={fileUrl}
        seed={item.blockId}
      />
    </li>
  );
});

const EditingPanel = observer(function EditingPanel({
  vm,
  files,
}: {
  vm: CourseBuilderViewModel;
  files: BuilderFiles;
}) {
  const editing = vm.editing;
  if (!editing) return null;
  const draft = editing.draft;
  const previewBlock = (draft.parsed ?? draft.output()) as LessonBlock;
  return (
    <section
      aria-label={`Editing: ${draft.label}`}
      style={{ border: '1px solid #1a5fd0', borderRadius: 8, padding: 16, marginBottom: 16 }}
    >
      <Typography.Title level={3} style={{ marginTop: 0, fontSize: 16 }}>
        {editing.blockId ? 'Edit' : 'New'} {draft.label.toLowerCase()} · {LANGUAGE_LABELS[draft.language]}
      </Typography.Title>
      <Row gutter={[24, 16]}>
        <Col xs={24} xl={14}>
          <BlockEditor draft={draft} renderFile={files.renderFile} />
          <Space>
            <Button type="primary" onClick={() => void vm.saveEditing()} loading={vm.busy === 'save'}>
              Save {draft.label.toLowerCase()}
            </Button>
            <Button onClick={vm.cancelEditing}>Cancel</Button>
          </Space>
        </Col>
        <Col xs={24} xl={10}>
          <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
            As learners see it in {LANGUAGE_LABELS[draft.language]}
          </Typography.Text>
          <div style={{ background: '#fafafa', borderRadius: 8, padding: 12 }}>
            <BlockPreview
              block={previewBlock}
              language={draft.language}
              primary={draft.primary}
              fileUrl={files.fileUrl}
            />
          </div>
        </Col>
      </Row>
    </section>
  );
});

const BlockPicker = observer(function BlockPicker({ vm, quiz }: { vm: CourseBuilderViewModel; quiz: boolean }) {
  const types = quiz ? QUESTION_TYPES : BLOCK_TYPES;
  return (
    <fieldset style={{ border: 0, padding: 0, margin: '8px 0 0' }}>
      <legend style={{ fontWeight: 600, marginBottom: 8, fontSize: 16 }}>
        {quiz ? 'Add a question' : 'Add a block'}
      </legend>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 8 }}>
        {types.map((type) => (
          <Button
            key={type}
            onClick={() => vm.startBlock(type)}
            style={{
              height: 'auto',
              minHeight: 44,
              whiteSpace: 'normal',
              textAlign: 'left',
              display: 'block',
              padding: '8px 12px',
            }}
            aria-describedby={`hint-${type}`}
          >
            <span style={{ fontWeight: 600 }}>{quiz ? QUESTION_LABELS[type] : BLOCK_TYPE_LABELS[type]}</span>
            <span id={`hint-${type}`} style={{ display: 'block', fontSize: 12, color: 'rgba(0,0,0,0.65)' }}>
              {quiz ? BLOCK_TYPE_HINTS[type] : BLOCK_TYPE_HINTS[type]}
            </span>
          </Button>
        ))}
      </div>
    </fieldset>
  );
});

const QuizSettingsForm = observer(function QuizSettingsForm({
  vm,
  quiz,
}: {
  vm: CourseBuilderViewModel;
  quiz: Extract<AuthoringContent, { kind: 'QUIZ' }>;
}) {
  const [values, setValues] = useState<QuizSettings>({
    title: quiz.title,
    passMark: quiz.passMark,
    maxAttempts: quiz.maxAttempts,
    answerReveal: quiz.answerReveal,
  });
  const errors = vm.formErrors;
  return (
    <Form layout="vertical" component="div" aria-label="Quiz settings" style={{ marginBottom: 16 }}>
      <Typography.Title level={3} style={{ fontSize: 16, marginTop: 0 }}>
        Settings
      </Typography.Title>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            label="Pass mark (%)"
            htmlFor="quiz-pass-mark"
            validateStatus={errors.passMark ? 'error' : undefined}
            help={errors.passMark}
          >
            <InputNumber
              id="quiz-pass-mark"
              min={1}
              max={100}
              value={values.passMark}
              onChange={(v) => setValues({ ...values, passMark: v ?? 0 })}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label="Attempts allowed"
            htmlFor="quiz-attempts"
            validateStatus={errors.maxAttempts ? 'error' : undefined}
            help={errors.maxAttempts}
          >
            <InputNumber
              id="quiz-attempts"
              min={1}
              max={20}
              disabled={values.maxAttempts === null}
              value={values.maxAttempts ?? undefined}
              onChange={(v) => setValues({ ...values, maxAttempts: v ?? 1 })}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Checkbox
            checked={values.maxAttempts === null}
            onChange={(e) => setValues({ ...values, maxAttempts: e.target.checked ? null : 3 })}
            style={{ marginTop: -16, marginBottom: 16 }}
          >
            Any number of attempts
          </Checkbox>
        </Col>
      </Row>
      <Form.Item label="Show the right answers" htmlFor="quiz-reveal">
        <Select<AnswerReveal>
          id="quiz-reveal"
          value={values.answerReveal}
          onChange={(answerReveal) => setValues({ ...values, answerReveal })}
          options={(Object.keys(REVEAL_LABELS) as AnswerReveal[]).map((r) => ({ value: r, label: REVEAL_LABELS[r] }))}
        />
      </Form.Item>
      <Button onClick={() => void vm.saveQuizSettings(values)} loading={vm.busy === 'content'}>
        Save settings
      </Button>
    </Form>
  );
});

// Preview ----------------------------------------------------------------------------------------------------------

const PreviewTab = observer(function PreviewTab({ vm, fileUrl }: { vm: CourseBuilderViewModel; fileUrl?: FileUrl }) {
  const contents = vm.contents;
  return (
    <div style={{ maxWidth: 720, margin: '0 auto' }}>
      <Typography.Paragraph type="secondary">
        The course as learners see it in {LANGUAGE_LABELS[vm.language]}: change the language above. Nothing you do here
        is recorded.
      </Typography.Paragraph>
      {contents.length === 0 ? <EmptyState title="Nothing to preview yet: add a lesson in the Build tab." /> : null}
      {contents.map((content, index) => (
        <Card
          key={content.contentId}
          style={{ marginBottom: 16 }}
          title={
            <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
              {index + 1}. {content.title}
            </Typography.Title>
          }
        >
          {content.kind === 'QUIZ' ? (
            <Typography.Paragraph type="secondary">
              Pass mark {content.passMark} %,{' '}
              {content.maxAttempts === null
                ? 'any number of attempts'
                : `${content.maxAttempts} attempt${content.maxAttempts === 1 ? '' : 's'}`}
              .
            </Typography.Paragraph>
          ) : null}
          {(content.kind === 'LESSON' ? content.blocks : content.questions).map((item) => (
            <BlockPreview
              key={item.blockId}
              block={item.block}
              language={vm.language}
              primary={vm.primary}
              fileUrl={fileUrl}
              seed={item.blockId}
            />
          ))}
        </Card>
      ))}
    </div>
  );
});

// Publish and versions ---------------------------------------------------------------------------------------------

function ChecklistList({ items, label }: { items: ChecklistItem[]; label: string }): ReactNode {
  return (
    <List
      aria-label={label}
      size="small"
      dataSource={items.map((item, i) => ({ ...item, key: `${i}` }))}
      renderItem={(item) => (
        <List.Item>
          <span>
            <Typography.Text strong>{item.where}:</Typography.Text> {item.message}
          </span>
        </List.Item>
      )}
    />
  );
}

const PublishTab = observer(function PublishTab({ vm }: { vm: CourseBuilderViewModel }) {
  const { errors, warnings } = vm.checklist;
  const course = vm.course!;
  return (
    <div style={{ maxWidth: 820 }}>
      <Typography.Title level={2} style={{ fontSize: 20 }}>
        Publish checklist
      </Typography.Title>
      {errors.length ? (
        <Alert
          type="error"
          showIcon
          title={`${errors.length} thing${errors.length === 1 ? '' : 's'} to fix before publishing`}
          description={<ChecklistList items={errors} label="To fix" />}
        />
      ) : (
        <Alert type="success" showIcon title="Nothing stops publishing." />
      )}
      {warnings.length ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          title={`${warnings.length} warning${warnings.length === 1 ? '' : 's'}: learners would miss these, but you can publish`}
          description={<ChecklistList items={warnings} label="Warnings" />}
        />
      ) : null}
      <Typography.Paragraph style={{ marginTop: 16 }}>
        Publishing freezes version {course.version}. People who started an earlier version finish that one; new
        assignees get this one.
      </Typography.Paragraph>
      {vm.lastPublish ? (
        <Alert
          type={vm.lastPublish.ok ? 'success' : 'error'}
          role={vm.lastPublish.ok ? 'status' : 'alert'}
          showIcon
          title={vm.lastPublish.message}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      {/* Publishing cannot be undone (the version freezes and goes to every new assignee): asked once more. */}
      <Popconfirm
        title={`Publish version ${course.version}?`}
        description="It is frozen once published, and everyone assigned from now on takes it."
        okText="Publish"
        cancelText="Not yet"
        onConfirm={() => vm.publish()}
      >
        <Button type="primary" loading={vm.busy === 'publish'}>
          Publish version {course.version}
        </Button>
      </Popconfirm>
      <CourseValidity courseId={vm.courseId} />
    </div>
  );
});

const VersionsTab = observer(function VersionsTab({ vm }: { vm: CourseBuilderViewModel }) {
  const versions = vm.course?.versions ?? [];
  return (
    <Table
      aria-label="Versions"
      rowKey="version"
      pagination={false}
      dataSource={versions.map((v) => ({ ...v }))}
      locale={{
        emptyText: <Typography.Text type="secondary">Not published yet: the first version is a draft.</Typography.Text>,
      }}
      columns={[
        { title: 'Version', dataIndex: 'version' },
        {
          title: 'Status',
          dataIndex: 'status',
          render: (status: 'DRAFT' | 'PUBLISHED') => <StatusTag status={status} />,
        },
        { title: 'Learners on it', dataIndex: 'learners', align: 'right' },
      ]}
    />
  );
});

export default CourseBuilderScreen;
