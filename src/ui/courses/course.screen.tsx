import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Descriptions, Select, Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { type CourseLanguage } from '../../domain/courses/course';
import { useService, useViewModel } from '../shared/container-context';
import { SessionViewModel } from '../shell/session.view-model';
import { LoadError, Loading } from '../shared/page-state';
import { AssignCourseDrawer } from './assign-course.drawer';
import { AutoAssignPanel } from './auto-assign-panel';
import { CourseContents } from './course-contents';
import { CourseMembers } from './course-members';
import { AUTHOR_ROLES, StatusTag } from './course-list.screen';
import { CourseViewModel } from './course.view-model';
import { CourseCredits } from './course-credits';
import { CourseCreditsViewModel } from './course-credits.view-model';

export const CourseScreen = observer(function CourseScreen() {
  const { courseId = '' } = useParams();
  const vm = useViewModel(CourseViewModel);
  const { message } = App.useApp();
  const [tab, setTab] = useState('contents');
  const [assigning, setAssigning] = useState(false);
  const [lastResult, setLastResult] = useState<string | null>(null);
  const session = useService(SessionViewModel);
  const author = AUTHOR_ROLES.includes(session.workspaceUser?.role ?? '');
  const credits = useViewModel(CourseCreditsViewModel);
  // Credits are asked for and seen by those who may assign with them (the server's `courses.assign`): not business-unit admins.
  const creditsVisible = AUTHOR_ROLES.includes(session.workspaceUser?.role ?? '');
  const fromCatalogue = vm.details?.courseId === courseId && vm.details.fromCatalogue === true;

  useEffect(() => {
    void vm.load(courseId);
  }, [vm, courseId]);
  useEffect(() => {
    if (fromCatalogue && creditsVisible) void credits.load(courseId);
  }, [credits, courseId, fromCatalogue, creditsVisible]);
  useEffect(() => {
    if (tab === 'members' && vm.membersStatus === 'idle') void vm.loadMembers(1);
  }, [tab, vm, vm.membersStatus]);

  if (vm.status === 'loading') return <Loading label="Loading the course" />;
  if (vm.status === 'not-found') return <LoadError message="There is no such course in this workspace." />;
  if (vm.status === 'error' || !vm.details)
    return <LoadError message={vm.error ?? ''} onRetry={() => void vm.load(courseId)} />;
  const course = vm.details;

  const onAssigned = (result: { assigned: number; alreadyAssigned: number }) => {
    const text = `${result.assigned} newly assigned, ${result.alreadyAssigned} already had the course.`;
    setAssigning(false);
    setLastResult(text);
    void message.success(`Course assigned: ${text}`);
    setTab('members');
    void vm.loadMembers(1);
    if (fromCatalogue && creditsVisible) void credits.load(courseId);
  };

  const assignButton = (
    <Button type="primary" disabled={!vm.assignable} onClick={() => setAssigning(true)}>
      Assign course
    </Button>
  );

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Link to="/courses">
        <ArrowLeftOutlined aria-hidden /> All courses
      </Link>
      <Card>
        <Space align="start" style={{ justifyContent: 'space-between', width: '100%' }} wrap>
          <div>
            <Typography.Title level={1} style={{ marginTop: 0 }} lang={course.language === 'HINDI' ? 'hi' : undefined}>
              {course.title}
            </Typography.Title>
            <Typography.Paragraph type="secondary" lang={course.language === 'HINDI' ? 'hi' : undefined}>
              {course.description}
            </Typography.Paragraph>
          </div>
          <Space wrap>
            <label htmlFor="course-language">Language</label>
            <Select<CourseLanguage>
              id="course-language"
              aria-label="Language"
              style={{ minWidth: 200 }}
              value={vm.language ?? undefined}
              options={vm.languageOptions}
              loading={vm.languageLoading}
              onChange={(language) => void vm.selectLanguage(language)}
            />
            {author && !fromCatalogue ? <Link to={`/courses/${course.courseId}/build`}>Edit course</Link> : null}
            {vm.assignable ? (
              assignButton
            ) : (
              <Tooltip title="Only a published course can be assigned">{assignButton}</Tooltip>
            )}
          </Space>
        </Space>
        <Descriptions size="small" column={{ xs: 1, sm: 3 }}>
          <Descriptions.Item label="Status">
            <StatusTag status={course.status} />
          </Descriptions.Item>
          <Descriptions.Item label="Members">{course.memberCount}</Descriptions.Item>
          <Descriptions.Item label="Reminders">{course.reminderEnabled ? 'On' : 'Off'}</Descriptions.Item>
          {fromCatalogue ? (
            <Descriptions.Item label="Source">
              <Tag color="blue">SafePlace catalogue</Tag>
            </Descriptions.Item>
          ) : null}
          {fromCatalogue && creditsVisible && credits.balance !== null ? (
            <Descriptions.Item label="Credits left">{credits.balance}</Descriptions.Item>
          ) : null}
        </Descriptions>
        {vm.error ? <Alert type="error" showIcon title={vm.error} /> : null}
      </Card>

      <Card>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'contents',
              label: 'Contents',
              children: (
                <div lang={course.language === 'HINDI' ? 'hi' : undefined}>
                  <CourseContents contents={course.contents} />
                </div>
              ),
            },
            {
              key: 'auto-assign',
              label: 'Auto-assign',
              children: (
                <AutoAssignPanel
                  courseId={course.courseId}
                  assignable={vm.assignable}
                  onAssigned={() => void vm.loadMembers(1)}
                />
              ),
            },
            {
              key: 'members',
              label: `Members (${course.memberCount})`,
              children: (
                <CourseMembers
                  vm={vm}
                  assignButton={assignButton}
                  banner={
                    lastResult ? (
                      <Alert
                        type="success"
                        showIcon
                        title={`Course assigned: ${lastResult}`}
                        closable
                        onClose={() => setLastResult(null)}
                      />
                    ) : null
                  }
                />
              ),
            },
            ...(fromCatalogue && creditsVisible
              ? [{ key: 'credits', label: 'Credits', children: <CourseCredits vm={credits} /> }]
              : []),
          ]}
        />
      </Card>

      <AssignCourseDrawer
        courseId={course.courseId}
        courseTitle={course.title}
        open={assigning}
        onClose={() => setAssigning(false)}
        onAssigned={onAssigned}
        creditBalance={fromCatalogue && creditsVisible ? credits.balance : undefined}
      />
    </Space>
  );
});

export default CourseScreen;
