import { Alert, Button, Drawer, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CatalogueCourse, WorkspaceCourse } from '../../contracts/learning/catalogue-courses.contract';
import { CourseLanguage, LANGUAGE_LABELS } from '../../domain/courses/course';
import { useViewModel } from '../shared/container-context';
import { EmptyState, LoadError, Loading } from '../shared/page-state';
import { CatalogueCoursesViewModel } from './catalogue-courses.view-model';
import { StatusTag } from './course-list.screen';

const LANGUAGE_OPTIONS = CourseLanguage.options.map((language) => ({
  value: language,
  label: LANGUAGE_LABELS[language],
}));

/** The platform's catalogue courses: create one (then the builder), and offer a published one to workspaces. */
export const CatalogueCoursesScreen = observer(function CatalogueCoursesScreen() {
  const vm = useViewModel(CatalogueCoursesViewModel);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [target, setTarget] = useState<string | undefined>();
  useEffect(() => {
    void vm.load();
  }, [vm]);

  const columns = [
    {
      title: 'Course',
      dataIndex: 'title',
      key: 'title',
      render: (title: string, row: CatalogueCourse) => (
        <Link to={`/platform/courses/${row.courseId}/build`}>{title}</Link>
      ),
    },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      render: (status: CatalogueCourse['status']) => <StatusTag status={status} />,
    },
    {
      title: 'Version',
      key: 'version',
      render: (_: unknown, row: CatalogueCourse) =>
        row.hasDraftChanges ? `${row.publishedVersion} (draft of ${row.version})` : (row.publishedVersion ?? '–'),
    },
    { title: 'Lessons', dataIndex: 'lessonCount', key: 'lessons' },
    { title: 'Workspaces', dataIndex: 'workspaceCount', key: 'workspaces' },
    {
      title: 'Offer',
      key: 'offer',
      render: (_: unknown, row: CatalogueCourse) => (
        <Button onClick={() => void vm.open(row)} aria-label={`Workspaces of ${row.title}`}>
          Workspaces
        </Button>
      ),
    },
  ];
  const offerColumns = [
    { title: 'Workspace', dataIndex: 'workspaceName', key: 'workspace' },
    {
      title: 'Version',
      key: 'version',
      render: (_: unknown, row: WorkspaceCourse) =>
        row.latestVersion !== null && row.latestVersion > row.version ? (
          <Space wrap>
            {row.version}
            <Tag color="orange">Version {row.latestVersion} is out</Tag>
            <Button
              size="small"
              loading={vm.saving}
              onClick={() => void vm.pushVersion(row)}
              aria-label={`Give ${row.workspaceName} version ${row.latestVersion}`}
            >
              Give version {row.latestVersion}
            </Button>
          </Space>
        ) : (
          row.version
        ),
    },
    { title: 'Credits left', dataIndex: 'balance', key: 'balance' },
    { title: 'Assigned', dataIndex: 'assigned', key: 'assigned' },
  ];
  const selected = vm.selected;

  return (
    <section aria-labelledby="catalogue-courses-title">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1} id="catalogue-courses-title" style={{ margin: 0 }}>
          Catalogue courses
        </Typography.Title>
        <Button type="primary" onClick={() => setCreating(true)}>
          New course
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">
        Courses SafePlace offers to every workspace. Build them like a workspace builds its own; a workspace you offer
        one to assigns it with credits, and cannot change it.
      </Typography.Paragraph>
      {vm.status === 'loading' ? <Loading label="Loading the catalogue courses" /> : null}
      {vm.status === 'error' ? <LoadError message={vm.error ?? ''} onRetry={() => void vm.load()} /> : null}
      {vm.status === 'ready' && vm.items.length === 0 ? (
        <EmptyState title="No catalogue courses yet: create the first one." />
      ) : null}
      {vm.status === 'ready' && vm.items.length > 0 ? (
        <Table
          rowKey="courseId"
          dataSource={vm.items.slice()}
          columns={columns}
          pagination={false}
          scroll={{ x: true }}
        />
      ) : null}

      <Drawer title="New catalogue course" open={creating} onClose={() => setCreating(false)} destroyOnHidden>
        <Form<{ title: string; language: CourseLanguage }>
          layout="vertical"
          initialValues={{ language: 'ENGLISH' }}
          onFinish={async (values) => {
            const courseId = await vm.create(values.title, values.language);
            if (courseId) void navigate(`/platform/courses/${courseId}/build`);
          }}
        >
          <Form.Item
            label="Title"
            name="title"
            rules={[{ required: true, whitespace: true, message: 'Give the course a title' }]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item label="Primary language" name="language">
            <Select options={LANGUAGE_OPTIONS} />
          </Form.Item>
          {vm.saveError ? <Alert type="error" role="alert" title={vm.saveError} style={{ marginBottom: 16 }} /> : null}
          <Button type="primary" htmlType="submit" loading={vm.saving}>
            Create and build
          </Button>
        </Form>
      </Drawer>

      <Drawer
        title={selected ? `Workspaces of "${selected.title}"` : ''}
        open={!!selected}
        onClose={vm.close}
        size="large"
        destroyOnHidden
      >
        {selected ? (
          <Space orientation="vertical" style={{ width: '100%' }} size="large">
            {selected.status !== 'PUBLISHED' ? (
              <Alert
                type="info"
                showIcon
                title="Publish the course in the builder before offering it to a workspace."
              />
            ) : (
              <Form
                layout="vertical"
                onFinish={async () => {
                  if (target && (await vm.offer(target))) setTarget(undefined);
                }}
              >
                <Form.Item label="Offer to workspace" htmlFor="offer-workspace">
                  <Select
                    id="offer-workspace"
                    aria-label="Offer to workspace"
                    showSearch={{ filterOption: false, onSearch: (q: string) => void vm.searchTargets(q) }}
                    placeholder="Type a name or address"
                    value={target}
                    onChange={setTarget}
                    options={vm.targetOptions}
                    loading={vm.targetsLoading}
                  />
                </Form.Item>
                <Button type="primary" htmlType="submit" disabled={!target} loading={vm.saving}>
                  Offer course
                </Button>
              </Form>
            )}
            {vm.offerNotice ? <Alert type="success" role="status" showIcon title={vm.offerNotice} /> : null}
            {vm.offerError ? <Alert type="error" role="alert" showIcon title={vm.offerError} /> : null}
            {vm.offersStatus === 'loading' ? <Loading label="Loading the workspaces" /> : null}
            {vm.offersStatus === 'ready' && vm.offers.length === 0 ? (
              <EmptyState title="No workspace has this course yet." />
            ) : null}
            {vm.offersStatus === 'ready' && vm.offers.length > 0 ? (
              <Table
                rowKey="workspaceId"
                dataSource={vm.offers.slice()}
                columns={offerColumns}
                pagination={false}
                scroll={{ x: true }}
              />
            ) : null}
          </Space>
        ) : null}
      </Drawer>
    </section>
  );
});

export default CatalogueCoursesScreen;
