import {
  Alert,
  Button,
  DatePicker,
  Input,
  Modal,
  Popconfirm,
  Progress,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useState, type ReactNode } from 'react';
import type { CourseMember, LearnerStatus } from '../../contracts/learning/courses.contract';
import { LEARNER_STATUS_LABELS } from '../../domain/courses/assignment-lifecycle';
import { EmptyState, LoadError } from '../shared/page-state';
import { tableStates } from '../shared/table-states';
import { MEMBER_PAGE_SIZE, type CourseViewModel } from './course.view-model';
import { useViewModel } from '../shared/container-context';
import { RemindLearnersViewModel } from './remind-learners.view-model';
import { showDate, dateInputFormats } from '../i18n/i18n';

type Row = CourseMember & { key: string; name: string };

const STATUS_COLORS: Partial<Record<LearnerStatus, string>> = {
  COMPLETED: 'green',
  OVERDUE: 'red',
  IN_PROGRESS: 'gold',
  EXPIRED: 'volcano',
};

const day = (iso: string | null) => (iso ? showDate(iso.slice(0, 10)) : '—');

function saveFile(name: string, content: Blob): void {
  const href = URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** The Members tab: who has the course, their status (overdue in red), progress, score and dates; filter, export, unassign, due date. */
export const CourseMembers = observer(function CourseMembers(props: {
  vm: CourseViewModel;
  assignButton: ReactNode;
  banner?: ReactNode;
}) {
  const { vm } = props;
  const reminders = useViewModel(RemindLearnersViewModel);
  const remind = async (mode: 'ALL' | 'DUE', learner?: { userId: string; name: string }) => {
    if (await reminders.remind(vm.courseId, mode, learner)) await vm.loadMembers();
  };
  const [editing, setEditing] = useState<Row | null>(null);
  const [newDue, setNewDue] = useState<Dayjs | null>(null);
  const [dueError, setDueError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const openDue = (row: Row) => {
    setEditing(row);
    setNewDue(row.dueOn ? dayjs(row.dueOn) : null);
    setDueError(null);
  };
  const saveDue = async () => {
    if (!editing) return;
    setSaving(true);
    const error = await vm.changeDueDate(editing.userId, newDue ? newDue.format('YYYY-MM-DD') : null);
    setSaving(false);
    if (error) setDueError(error);
    else setEditing(null);
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {props.banner}
      {vm.memberNotice ? (
        <Alert
          type={vm.memberNotice.type}
          showIcon
          title={vm.memberNotice.text}
          closable
          onClose={() => vm.dismissNotice()}
          role={vm.memberNotice.type === 'error' ? 'alert' : 'status'}
        />
      ) : null}
      {reminders.notice ? (
        <Alert
          type={reminders.notice.type}
          showIcon
          title={reminders.notice.text}
          closable
          onClose={() => reminders.dismiss()}
          role={reminders.notice.type === 'error' ? 'alert' : 'status'}
        />
      ) : null}
      <Space wrap>
        <Popconfirm
          title="Remind everyone who has not completed this course?"
          description="Each gets one mail; nobody is reminded twice the same day."
          okText="Send reminders"
          onConfirm={() => remind('ALL')}
        >
          <Button loading={reminders.busy === 'ALL'} disabled={vm.details?.reminderEnabled === false}>
            Remind all not completed
          </Button>
        </Popconfirm>
        <Popconfirm
          title="Remind the learners who are due or overdue?"
          description="Those due soon, due today or late get one mail each."
          okText="Send reminders"
          onConfirm={() => remind('DUE')}
        >
          <Button loading={reminders.busy === 'DUE'} disabled={vm.details?.reminderEnabled === false}>
            Remind due and overdue
          </Button>
        </Popconfirm>
        {vm.details?.reminderEnabled === false ? (
          <Typography.Text type="secondary">Reminders are off for this course.</Typography.Text>
        ) : null}
      </Space>
      <Space wrap>
        <Input.Search
          aria-label="Search members"
          placeholder="Name or email"
          allowClear
          style={{ width: 240, maxWidth: '100%' }}
          onSearch={(search) => void vm.filterMembers({ ...vm.membersFilter, search })}
        />
        <Select<LearnerStatus | ''>
          aria-label="Status"
          style={{ width: 180 }}
          value={vm.membersFilter.status ?? ''}
          onChange={(status) => void vm.filterMembers({ ...vm.membersFilter, status: status || undefined })}
          options={[
            { value: '', label: 'All statuses' },
            ...(['NOT_STARTED', 'IN_PROGRESS', 'OVERDUE', 'COMPLETED'] as const).map((s) => ({
              value: s,
              label: LEARNER_STATUS_LABELS[s],
            })),
          ]}
        />
        <Button
          onClick={async () => {
            const file = await vm.exportMembers();
            if (file) saveFile('course-members.csv', file);
          }}
        >
          Export CSV
        </Button>
      </Space>
      {vm.membersStatus === 'error' ? (
        <LoadError message={vm.membersError ?? ''} onRetry={() => void vm.loadMembers()} />
      ) : (
        <Table<Row>
          aria-label="Members"
          rowKey="key"
          scroll={{ x: 'max-content' }}
          dataSource={vm.memberRows}
          {...tableStates(
            vm.membersStatus === 'loading',
            vm.memberRows.length,
            vm.membersFilter.status || vm.membersFilter.search ? (
              <EmptyState title="Nobody matches these filters" />
            ) : (
              <EmptyState title="Nobody has this course yet">{vm.assignable ? props.assignButton : null}</EmptyState>
            ),
          )}
          pagination={{
            current: vm.membersPage,
            pageSize: MEMBER_PAGE_SIZE,
            total: vm.membersTotal,
            hideOnSinglePage: true,
            onChange: (page) => void vm.loadMembers(page),
          }}
          columns={[
            {
              title: 'Name',
              dataIndex: 'name',
              render: (name: string, r) => (
                <Space direction="vertical" size={0}>
                  <span>{name}</span>
                  <Typography.Text type="secondary">{r.email}</Typography.Text>
                  {(r.handedIn ?? []).map((f) => (
                    <Typography.Text key={f.fileId}>
                      Handed in:{' '}
                      <Typography.Link
                        href={f.url}
                        target="_blank"
                        rel="noopener"
                        aria-label={`${f.fileName}, handed in by ${name}`}
                      >
                        {f.fileName}
                      </Typography.Link>
                    </Typography.Text>
                  ))}
                </Space>
              ),
            },
            { title: 'Business unit', dataIndex: 'branchName' },
            { title: 'Department', dataIndex: 'departmentName' },
            {
              title: 'Status',
              dataIndex: 'status',
              render: (status: LearnerStatus) => (
                <Tag color={STATUS_COLORS[status]}>{LEARNER_STATUS_LABELS[status]}</Tag>
              ),
            },
            {
              title: 'Progress',
              dataIndex: 'progress',
              render: (p: number) => (
                <Progress percent={p} size="small" style={{ width: 100 }} aria-label={`${p}% done`} />
              ),
            },
            {
              title: 'Score',
              dataIndex: 'score',
              render: (s: number | null, r) => (s === null ? '—' : `${s}% (${r.attempts} attempts)`),
            },
            { title: 'Due date', dataIndex: 'dueOn', render: (d: string | null) => day(d) },
            { title: 'Completed on', dataIndex: 'completedOn', render: (d: string | null) => day(d) },
            { title: 'Last reminded', dataIndex: 'lastRemindedOn', render: (d: string | null) => day(d) },
            {
              title: 'Actions',
              key: 'actions',
              render: (_: unknown, r) => (
                <Space>
                  {r.status !== 'COMPLETED' && vm.details?.reminderEnabled !== false ? (
                    <Button
                      size="small"
                      loading={reminders.busy === 'ONE'}
                      onClick={() => void remind('ALL', { userId: r.userId, name: r.name })}
                      aria-label={`Remind ${r.name}`}
                    >
                      Remind
                    </Button>
                  ) : null}
                  <Button size="small" onClick={() => openDue(r)} aria-label={`Change due date of ${r.name}`}>
                    Change due date
                  </Button>
                  <Popconfirm
                    title={`Unassign ${r.name}?`}
                    description="Their progress and results are kept in the history."
                    okText="Unassign"
                    onConfirm={() => vm.unassign(r)}
                  >
                    <Button size="small" danger aria-label={`Unassign ${r.name}`}>
                      Unassign
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      )}
      <Modal
        title={editing ? `Due date for ${editing.name}` : ''}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={() => void saveDue()}
        okText="Save due date"
        confirmLoading={saving}
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <label htmlFor="member-due-date">New due date (empty: no due date)</label>
          <DatePicker
            format={dateInputFormats()}
            id="member-due-date"
            value={newDue}
            onChange={setNewDue}
            style={{ width: '100%' }}
            disabledDate={(d) => d.isBefore(dayjs(), 'day')}
          />
          {dueError ? <Alert type="error" showIcon title={dueError} role="alert" /> : null}
        </Space>
      </Modal>
    </Space>
  );
});
