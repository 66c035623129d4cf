import { Alert, Breadcrumb, Button, Drawer, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CourseSummary } from '../../contracts/learning/courses.contract';
import { CourseLanguage, LANGUAGE_LABELS } from '../../domain/courses/course';
import { SessionViewModel } from '../shell/session.view-model';
import { useService, useViewModel } from '../shared/container-context';
import { EmptyState, LoadError } from '../shared/page-state';
import { CourseListViewModel } from './course-list.view-model';
import { BulkAssignDrawer } from './bulk-assign.drawer';
import { tableStates } from '../shared/table-states';
import { labelled, PHONE_CARDS } from '../shared/phone-cards';

export function StatusTag({ status }: { status: CourseSummary['status'] }) {
  return status === 'PUBLISHED' ? <Tag color="green">Published</Tag> : <Tag>Draft</Tag>;
}

/** Who writes courses: workspace admins and employers; business-unit admins assign them only. */
export const AUTHOR_ROLES: readonly string[] = ['WORKSPACE_ADMIN', 'EMPLOYER'];

export const CourseListScreen = observer(function CourseListScreen() {
  const vm = useViewModel(CourseListViewModel);
  const session = useService(SessionViewModel);
  const navigate = useNavigate();
  const author = AUTHOR_ROLES.includes(session.workspaceUser?.role ?? '');
  const [bulkOpen, setBulkOpen] = useState(false);
  useEffect(() => {
    void vm.load(1);
  }, [vm]);
  useEffect(() => {
    if (vm.createdCourseId) void navigate(`/courses/${vm.createdCourseId}/build`);
  }, [vm.createdCourseId, navigate]);

  const searching = vm.search.trim() !== '';
  return (
    <section aria-labelledby="courses-title">
      <Breadcrumb items={[{ title: 'Training' }, { title: 'Courses' }]} />
      <Space style={{ width: '100%', justifyContent: 'space-between', marginTop: 12 }} wrap>
        <Typography.Title level={1} id="courses-title" style={{ margin: 0 }}>
          Courses
        </Typography.Title>
        <Space wrap>
          {author ? <Link to="/courses/settings">Due dates and reminders</Link> : null}
          <Button onClick={() => setBulkOpen(true)}>Bulk assign</Button>
          {author ? (
            <Button type="primary" onClick={vm.openCreate}>
              Create course
            </Button>
          ) : null}
        </Space>
      </Space>
      <Typography.Paragraph type="secondary">
        Write training in your people's languages, publish it, then assign it.
      </Typography.Paragraph>
      <div style={{ marginBottom: 16, maxWidth: 360 }}>
        <Input.Search
          aria-label="Search courses by title"
          placeholder="Search by title"
          enterButton="Search"
          allowClear
          onSearch={(text) => void vm.searchFor(text)}
        />
      </div>
      {vm.list.status === 'error' ? (
        <LoadError message={vm.list.error ?? ''} onRetry={() => void vm.load()} />
      ) : (
        <Table
          aria-label="Courses"
          rowKey="key"
          dataSource={vm.rows}
          scroll={{ x: 760 }}
          {...tableStates(
            vm.list.status === 'loading',
            vm.rows.length,
            searching ? (
              <EmptyState title="No course title matches this search." />
            ) : (
              <EmptyState title="No courses yet: a course is what your people learn from.">
                {author ? (
                  <Button type="primary" onClick={vm.openCreate}>
                    Create the first course
                  </Button>
                ) : null}
              </EmptyState>
            ),
          )}
          pagination={{
            current: vm.list.page,
            pageSize: vm.list.pageSize,
            total: vm.list.total,
            hideOnSinglePage: true,
            onChange: (page) => void vm.load(page),
          }}
          className={PHONE_CARDS}
          columns={labelled<CourseSummary & { key: string }>([
            {
              title: 'Title',
              dataIndex: 'title',
              render: (title: string, row) => (
                <Space wrap size={4}>
                  <Link to={`/courses/${row.courseId}`}>{title}</Link>
                  {row.fromCatalogue ? <Tag color="blue">SafePlace catalogue</Tag> : null}
                </Space>
              ),
            },
            {
              title: 'Status',
              dataIndex: 'status',
              render: (status: CourseSummary['status']) => <StatusTag status={status} />,
            },
            {
              title: 'Languages',
              dataIndex: 'languages',
              render: (languages: CourseSummary['languages']) => (
                <Space size={[4, 4]} wrap>
                  {languages.map((l) => (
                    <Tag key={l.language} color={l.priority === 'PRIMARY' ? 'blue' : undefined}>
                      {LANGUAGE_LABELS[l.language]}
                    </Tag>
                  ))}
                </Space>
              ),
            },
            { title: 'Lessons', dataIndex: 'lessonCount', align: 'right' },
            { title: 'Quizzes', dataIndex: 'quizCount', align: 'right' },
            { title: 'Members', dataIndex: 'memberCount', align: 'right' },
            { title: 'Completed', dataIndex: 'completedCount', align: 'right' },
            ...(author
              ? [
                  {
                    title: <span className="visually-hidden">Actions</span>,
                    key: 'edit',
                    render: (_: unknown, row: CourseSummary) => (
                      <Link to={`/courses/${row.courseId}/build`} aria-label={`Edit ${row.title}`}>
                        Edit
                      </Link>
                    ),
                  },
                ]
              : []),
          ])}
        />
      )}
      <BulkAssignDrawer open={bulkOpen} onClose={() => setBulkOpen(false)} onDone={() => void vm.load()} />
      <Drawer
        title="Create course"
        open={vm.createOpen}
        onClose={vm.closeCreate}
        destroyOnHidden
        size="default"
        styles={{ wrapper: { maxWidth: '100vw' } }}
      >
        <CreateCourseForm vm={vm} />
      </Drawer>
    </section>
  );
});

const CreateCourseForm = observer(function CreateCourseForm({ vm }: { vm: CourseListViewModel }) {
  return (
    <Form<{ title: string; description?: string; primaryLanguage: CourseLanguage }>
      layout="vertical"
      name="new-course"
      initialValues={{ primaryLanguage: 'ENGLISH' }}
      onFinish={(values) =>
        void vm.create({
          title: values.title ?? '',
          description: values.description ?? '',
          primaryLanguage: values.primaryLanguage,
        })
      }
      disabled={vm.creating}
    >
      {vm.createError ? (
        <Alert type="error" showIcon role="alert" title={vm.createError} style={{ marginBottom: 16 }} />
      ) : null}
      <Form.Item
        label="Title"
        name="title"
        validateStatus={vm.createFields.title ? 'error' : undefined}
        help={vm.createFields.title}
      >
        <Input autoFocus maxLength={200} />
      </Form.Item>
      <Form.Item label="Description (optional)" name="description">
        <Input.TextArea rows={3} maxLength={4000} />
      </Form.Item>
      <Form.Item
        label="Primary language"
        name="primaryLanguage"
        extra="Learners see this language wherever a translation is missing. You can add other languages next."
      >
        <Select options={CourseLanguage.options.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] }))} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={vm.creating}>
          Create and open the builder
        </Button>
        <Button onClick={vm.closeCreate}>Cancel</Button>
      </Space>
    </Form>
  );
});

export default CourseListScreen;
