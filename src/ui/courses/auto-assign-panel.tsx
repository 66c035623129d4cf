import { Alert, Button, Form, InputNumber, Popconfirm, Select, Space, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Role, ROLE_LABELS } from '../../domain/auth/roles';
import { ALL_BUSINESS_UNITS } from '../../domain/organisation/business-unit-selection';
import { useViewModel } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { useShell } from '../shell/shell-context';
import { ANY, AutoAssignViewModel, describeRun, type AutoAssignFormValues } from './auto-assign.view-model';
import { dateInputFormats } from '../i18n/i18n';
import { DateRangeField } from '../shared/date-range-field';

interface Fields {
  businessUnit: string;
  department: string;
  joined: [Dayjs | null, Dayjs | null] | null;
  role: AutoAssignFormValues['role'];
  enabled: boolean;
  dueDays: number | null;
}

function toValues(f: Fields): AutoAssignFormValues {
  return {
    businessUnit: f.businessUnit,
    department: f.department,
    joinedFrom: f.joined?.[0]?.format('YYYY-MM-DD'),
    joinedTo: f.joined?.[1]?.format('YYYY-MM-DD'),
    role: f.role,
    enabled: f.enabled,
    dueDays: f.dueDays,
  };
}

/**
 * The course's auto-assignment rule: everyone who matches (business unit, department, joining dates, role; any left
 * empty matches all) gets the course when the rule is saved, and whoever comes to match it later.
 */
export const AutoAssignPanel = observer(function AutoAssignPanel(props: {
  courseId: string;
  assignable: boolean;
  onAssigned: () => void;
}) {
  const vm = useViewModel(AutoAssignViewModel);
  const shell = useShell();
  const [form] = Form.useForm<Fields>();

  useEffect(() => {
    void vm.load(props.courseId);
  }, [vm, props.courseId]);

  if (vm.status === 'loading' || vm.status === 'idle') return <Loading label="Loading the auto-assignment rule" />;
  if (vm.status === 'error')
    return <LoadError message={vm.loadError ?? ''} onRetry={() => void vm.load(props.courseId)} />;

  const start = vm.initialValues;
  const initial: Fields = {
    businessUnit: start.businessUnit,
    department: start.department,
    joined:
      start.joinedFrom || start.joinedTo
        ? [start.joinedFrom ? dayjs(start.joinedFrom) : null, start.joinedTo ? dayjs(start.joinedTo) : null]
        : null,
    role: start.role,
    enabled: start.enabled,
    dueDays: start.dueDays ?? null,
  };
  const unitOptions = shell.unitOptions.map((o) =>
    o.value === ALL_BUSINESS_UNITS ? { value: ANY, label: 'Any business unit' } : o,
  );
  const fieldError = (name: string) =>
    vm.fieldErrors[name] ? { validateStatus: 'error' as const, help: vm.fieldErrors[name] } : {};

  const save = async () => {
    if (await vm.save(toValues(form.getFieldsValue(true)))) props.onAssigned();
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 640 }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Everyone who matches this rule gets the course now, and so does each person who comes to match it later: when
        people are imported, claim their invitation, sign up, or are moved by an admin. Criteria left on "any" match
        everyone. Nobody is unassigned when the rule changes or is cleared.
      </Typography.Paragraph>
      {!props.assignable ? (
        <Alert
          type="warning"
          showIcon
          title="Publish the course before giving it a rule: only a published course can be assigned."
        />
      ) : null}
      {vm.rule ? (
        <Typography.Text>
          Rule {vm.rule.enabled ? 'on' : 'off'}
          {vm.rule.lastRun
            ? `; last run ${dayjs(vm.rule.lastRun.at).format('D MMM YYYY HH:mm')}: ${describeRun(vm.rule.lastRun)}.`
            : '.'}
        </Typography.Text>
      ) : (
        <Typography.Text>This course has no auto-assignment rule.</Typography.Text>
      )}
      <Form<Fields>
        key={vm.rule?.updatedAt ?? 'none'}
        form={form}
        layout="vertical"
        name="auto-assign"
        initialValues={initial}
        disabled={!props.assignable || vm.saving}
        onValuesChange={(changed: Partial<Fields>) => {
          if ('businessUnit' in changed) {
            form.setFieldValue('department', ANY);
            void vm.loadDepartments(changed.businessUnit ?? ANY);
          }
        }}
        onFinish={() => void save()}
      >
        <Form.Item label="Business unit" name="businessUnit" {...fieldError('branchId')}>
          <Select options={unitOptions} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
        <Form.Item
          label="Department"
          name="department"
          {...(vm.fieldErrors.departmentId
            ? fieldError('departmentId')
            : {
                help:
                  vm.departments.length === 0 && !vm.departmentsLoading
                    ? 'Choose a business unit to pick one of its departments'
                    : undefined,
              })}
        >
          <Select
            options={vm.departmentOptions}
            loading={vm.departmentsLoading}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <Form.Item
          label="Joining date"
          name="joined"
          {...(vm.fieldErrors.startJoiningDate || vm.fieldErrors.endJoiningDate
            ? {
                validateStatus: 'error' as const,
                help: vm.fieldErrors.startJoiningDate ?? vm.fieldErrors.endJoiningDate,
              }
            : { help: 'Joined between these dates, both included; either end may stay open' })}
        >
          <DateRangeField
            format={dateInputFormats()}
            allowEmpty={[true, true]}
            style={{ width: '100%' }}
            placeholder={['Joined from', 'Joined until']}
            endLabel="Joined until"
          />
        </Form.Item>
        <Form.Item label="Role" name="role" {...fieldError('role')}>
          <Select
            options={[
              { value: ANY, label: 'Any role' },
              ...Role.options.map((r) => ({ value: r, label: ROLE_LABELS[r] })),
            ]}
          />
        </Form.Item>
        <Form.Item
          label="Days to complete (optional)"
          name="dueDays"
          {...(vm.fieldErrors.dueDays ? fieldError('dueDays') : { help: "Empty: the workspace's default due period" })}
        >
          <InputNumber min={1} max={3650} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="Rule enabled" name="enabled" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={vm.saving}>
            Save rule
          </Button>
          {vm.rule ? (
            <Popconfirm
              title="Clear this course's rule?"
              description="Nobody loses the course; people who come to match later are no longer assigned."
              okText="Clear rule"
              onConfirm={() => void vm.reset()}
            >
              <Button danger loading={vm.resetting} disabled={false}>
                Reset rule
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      </Form>
      <div role="status" aria-live="polite">
        {vm.lastRun ? (
          <Alert
            type={vm.lastRun.notAssigned > 0 ? 'warning' : 'success'}
            showIcon
            title={`Rule saved: ${describeRun(vm.lastRun)}.`}
            description={
              vm.lastRun.notAssigned > 0
                ? 'The workspace admins were told by mail. Ask for more credits, then save the rule again.'
                : undefined
            }
          />
        ) : null}
        {vm.cleared ? <Alert type="info" showIcon title="Rule cleared. Nobody was unassigned." /> : null}
      </div>
      {vm.saveError ? <Alert type="error" showIcon role="alert" title={vm.saveError} /> : null}
    </Space>
  );
});
