import { Card, Space, Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { CourseSummary } from '../../contracts/learning/courses.contract';
import { LANGUAGE_LABELS } from '../../domain/courses/course';
import { useViewModel } from '../shared/container-context';
import { EmptyState, LoadError } from '../shared/page-state';
import { CourseListViewModel } from './course-list.view-model';
import { tableStates } from '../shared/table-states';

export function StatusTag({ status }: { status: CourseSummary['status'] }) {
  return status === 'PUBLISHED' ? <Tag color="green">Published</Tag> : <Tag>Draft</Tag>;
}

export const CourseListScreen = observer(function CourseListScreen() {
  const vm = useViewModel(CourseListViewModel);
  useEffect(() => {
    void vm.load(1);
  }, [vm]);

  return (
    <Card>
      <Typography.Title level={1} style={{ marginTop: 0 }}>
        Courses
      </Typography.Title>
      {vm.list.status === 'error' ? (
        <LoadError message={vm.list.error ?? ''} onRetry={() => void vm.load()} />
      ) : (
        <Table
          rowKey="key"
          dataSource={vm.rows}
          {...tableStates(vm.list.status === 'loading', vm.rows.length, <EmptyState title="No courses yet" />)}
          pagination={{
            current: vm.list.page,
            pageSize: vm.list.pageSize,
            total: vm.list.total,
            hideOnSinglePage: true,
            onChange: (page) => void vm.load(page),
          }}
          columns={[
            {
              title: 'Title',
              dataIndex: 'title',
              render: (title: string, row) => <Link to={`/courses/${row.courseId}`}>{title}</Link>,
            },
            { title: 'Status', dataIndex: 'status', render: (status: CourseSummary['status']) => <StatusTag status={status} /> },
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
            { title: 'Members', dataIndex: 'memberCount', align: 'right' },
          ]}
        />
      )}
    </Card>
  );
});

export default CourseListScreen;
