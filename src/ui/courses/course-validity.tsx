import { Alert, Select, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useViewModel } from '../shared/container-context';
import { CourseValidityViewModel } from './course-validity.view-model';

const OPTIONS = [
  { value: 0, label: 'Does not expire' },
  { value: 1, label: '1 year' },
  { value: 2, label: '2 years' },
  { value: 3, label: '3 years' },
];

export const CourseValidity = observer(function CourseValidity({ courseId }: { courseId: string }) {
  const vm = useViewModel(CourseValidityViewModel);
  useEffect(() => {
    void vm.load(courseId);
  }, [vm, courseId]);
  return (
    <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
      <Typography.Title level={2} style={{ fontSize: 20 }}>
        Recertification
      </Typography.Title>
      <Space wrap>
        <label htmlFor="course-validity">Certificate valid for</label>
        <Select<number>
          id="course-validity"
          style={{ width: 200 }}
          loading={vm.years.status === 'loading' || vm.saving}
          disabled={vm.years.status !== 'ready'}
          value={vm.years.value ?? 0}
          options={OPTIONS}
          onChange={(v) => void vm.choose(courseId, v === 1 || v === 2 || v === 3 ? v : null)}
        />
      </Space>
      <Typography.Text type="secondary">
        When it expires, learners show as expired; the course is assigned to them again before (see Due dates and
        reminders).
      </Typography.Text>
      {vm.notice ? (
        <Alert
          type={vm.notice.type}
          showIcon
          title={vm.notice.text}
          role={vm.notice.type === 'error' ? 'alert' : 'status'}
        />
      ) : null}
    </Space>
  );
});
