import { Alert, Select, Space, Typography } from 'antd';
import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { ReminderApi } from '../../application/courses/reminder-api.port';
import { describeError } from '../../application/shared/api-error';
import { useViewModel } from '../shared/container-context';

/** The course's validity (recertification): none, 1, 2 or 3 years; saved at once, without a new version. */
@injectable()
export class CourseValidityViewModel {
  years: 1 | 2 | 3 | null = null;
  status: 'loading' | 'ready' | 'error' = 'loading';
  saving = false;
  notice: { type: 'success' | 'error'; text: string } | null = null;

  constructor(@inject(ReminderApi) private readonly api: ReminderApi) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async load(courseId: string): Promise<void> {
    try {
      const years = await this.api.validity(courseId);
      runInAction(() => {
        this.years = years === 1 || years === 2 || years === 3 ? years : null;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.notice = { type: 'error', text: describeError(error) };
      });
    }
  }

  async choose(courseId: string, years: 1 | 2 | 3 | null): Promise<void> {
    const before = this.years;
    this.years = years;
    this.saving = true;
    this.notice = null;
    try {
      await this.api.setValidity(courseId, years);
      runInAction(
        () =>
          (this.notice = {
            type: 'success',
            text: years
              ? `Certificates are valid for ${years} ${years === 1 ? 'year' : 'years'}; learners are assigned the course again before.`
              : 'Certificates do not expire.',
          }),
      );
    } catch (error) {
      runInAction(() => {
        this.years = before;
        this.notice = { type: 'error', text: describeError(error) };
      });
    } finally {
      runInAction(() => (this.saving = false));
    }
  }
}

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
          loading={vm.status === 'loading' || vm.saving}
          disabled={vm.status !== 'ready'}
          value={vm.years ?? 0}
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
