import {
  Alert,
  Button,
  DatePicker,
  Drawer,
  Form,
  Input,
  InputNumber,
  List,
  Radio,
  Select,
  Space,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import type { DueChoice } from '../../contracts/learning/courses.contract';
import type { Dayjs } from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { ALL_BUSINESS_UNITS } from '../../domain/organisation/business-unit-selection';
import { useViewModel } from '../shared/container-context';
import { useShell } from '../shell/shell-context';
import { ALL_DEPARTMENTS, AssignCourseViewModel, type AssignFormValues } from './assign-course.view-model';
import { plural } from '../shared/plural';
import { ChoiceOrText } from '../shared/choice-or-text';
import { dateInputFormats } from '../i18n/i18n';
import { ListItemText } from '../shared/list-item-text';
import { DateRangeField } from '../shared/date-range-field';

interface FieldValues {
  businessUnit?: string;
  department?: string;
  joined?: [Dayjs | null, Dayjs | null] | null;
  search?: string;
  dueKind?: DueChoice['kind'];
  dueDays?: number | null;
  dueDate?: Dayjs | null;
}

function toDue(fields: FieldValues): DueChoice | undefined {
  switch (fields.dueKind) {
    case 'DAYS':
      return fields.dueDays ? { kind: 'DAYS', days: fields.dueDays } : undefined;
    case 'DATE':
      return fields.dueDate ? { kind: 'DATE', date: fields.dueDate.format('YYYY-MM-DD') } : undefined;
    case 'NONE':
      return { kind: 'NONE' };
    default:
      return { kind: 'DEFAULT' };
  }
}

function toValues(fields: FieldValues): AssignFormValues {
  return {
    businessUnit: fields.businessUnit,
    department: fields.department,
    joinedFrom: fields.joined?.[0]?.format('YYYY-MM-DD'),
    joinedTo: fields.joined?.[1]?.format('YYYY-MM-DD'),
    search: fields.search,
    due: toDue(fields),
  };
}

/** "Assign course": choose people by business unit, department, joining dates or name; see how many match; confirm. */
export const AssignCourseDrawer = observer(function AssignCourseDrawer(props: {
  courseId: string;
  courseTitle: string;
  open: boolean;
  onClose: () => void;
  onAssigned: (result: { assigned: number; alreadyAssigned: number }) => void;
  /** A catalogue course's credits left (each person newly assigned uses one); undefined for the workspace's own courses. */
  creditBalance?: number | null;
}) {
  const vm = useViewModel(AssignCourseViewModel);
  const shell = useShell();
  const [form] = Form.useForm<FieldValues>();
  const unitOptions = shell.unitOptions;

  // Starts from the business unit chosen in the header.
  const initial: FieldValues = {
    businessUnit: shell.selectedUnit ?? unitOptions[0]?.value ?? ALL_BUSINESS_UNITS,
    department: ALL_DEPARTMENTS,
    joined: null,
    search: '',
    dueKind: 'DEFAULT',
    dueDays: 30,
    dueDate: null,
  };

  useEffect(() => {
    if (!props.open) return;
    // The form instance outlives the drawer's content: each opening starts again from the defaults.
    form.resetFields();
    vm.start(
      props.courseId,
      toValues(initial),
      shell.units.map((u) => ({ branchId: u.branchId, branchName: u.branchName })),
    );
    return () => vm.dispose();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on opening only: the defaults and units of that moment start the form
  }, [props.open, props.courseId]);

  const preview = vm.preview;
  const submit = async () => {
    const result = await vm.confirm(toValues(form.getFieldsValue(true)));
    if (result) props.onAssigned(result);
  };

  return (
    <Drawer
      title={`Assign "${props.courseTitle}"`}
      open={props.open}
      onClose={props.onClose}
      width={520}
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="primary" onClick={() => void submit()} disabled={!vm.canConfirm} loading={vm.submitting}>
            Confirm
          </Button>
        </Space>
      }
    >
      {props.creditBalance !== undefined && props.creditBalance !== null ? (
        <Alert
          type={props.creditBalance > 0 ? 'info' : 'warning'}
          showIcon
          style={{ marginBottom: 16 }}
          title={
            props.creditBalance > 0
              ? `${plural(props.creditBalance, 'credit', 'credits')} left: each person newly assigned uses one.`
              : 'No credits left: ask for credits (the Credits tab) before assigning this course.'
          }
        />
      ) : null}
      <Form<FieldValues>
        form={form}
        initialValues={initial}
        layout="vertical"
        onValuesChange={(changed: Partial<FieldValues>, all) => {
          if ('businessUnit' in changed) form.setFieldValue('department', ALL_DEPARTMENTS);
          const values = toValues({ ...all, ...('businessUnit' in changed ? { department: ALL_DEPARTMENTS } : {}) });
          vm.changed('businessUnit' in changed ? { businessUnit: values.businessUnit } : {}, values);
        }}
      >
        <Form.Item label="Business unit" name="businessUnit">
          <ChoiceOrText options={unitOptions} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
        {/* While the unit's departments load, only "All departments" is offered (never another unit's list). */}
        <Form.Item
          label="Department"
          name="department"
          validateStatus={vm.departmentsError ? 'error' : undefined}
          help={vm.departmentsError ?? undefined}
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
          validateStatus={vm.fieldErrors.startJoiningDate || vm.fieldErrors.endJoiningDate ? 'error' : undefined}
          help={
            vm.fieldErrors.startJoiningDate ??
            vm.fieldErrors.endJoiningDate ??
            'Joined between these dates, both included'
          }
        >
          <DateRangeField
            format={dateInputFormats()}
            allowEmpty={[true, true]}
            style={{ width: '100%' }}
            placeholder={['Joined from', 'Joined until']}
            endLabel="Joined until"
          />
        </Form.Item>
        <Form.Item label="Search by name" name="search" help={vm.fieldErrors.search}>
          <Input.Search allowClear placeholder="Name or email" />
        </Form.Item>
        <Form.Item label="Due date" name="dueKind" help={vm.fieldErrors['due.date'] ?? vm.fieldErrors['due.days']}>
          <Radio.Group
            options={[
              { value: 'DEFAULT', label: 'Workspace default' },
              { value: 'DAYS', label: 'Days after assigning' },
              { value: 'DATE', label: 'On a date' },
              { value: 'NONE', label: 'No due date' },
            ]}
          />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(a: FieldValues, b: FieldValues) => a.dueKind !== b.dueKind}>
          {({ getFieldValue }) =>
            getFieldValue('dueKind') === 'DAYS' ? (
              <Form.Item label="Days to complete" name="dueDays">
                <InputNumber min={1} max={3650} style={{ width: '100%' }} />
              </Form.Item>
            ) : getFieldValue('dueKind') === 'DATE' ? (
              <Form.Item label="Complete by" name="dueDate">
                <DatePicker
                  format={dateInputFormats()}
                  style={{ width: '100%' }}
                  disabledDate={(d) => d.isBefore(dayjs(), 'day')}
                />
              </Form.Item>
            ) : null
          }
        </Form.Item>
      </Form>

      <div
        role="status"
        aria-live="polite"
        aria-label="Matching users"
        aria-busy={vm.previewStatus === 'loading' || vm.previewStatus === 'idle'}
      >
        {vm.previewStatus === 'error' ? (
          <Alert type="error" showIcon title={vm.previewError ?? 'The count could not be loaded'} />
        ) : preview ? (
          <Alert
            type={preview.total === 0 ? 'warning' : 'info'}
            showIcon
            title={`${plural(preview.total, 'user matches', 'users match')}, ${preview.alreadyAssigned} already assigned`}
            description={
              preview.total === 0
                ? 'Nobody matches these filters.'
                : `${plural(preview.toAssign, 'user', 'users')} will be newly assigned.${vm.previewStatus === 'loading' ? ' Updating…' : ''}`
            }
          />
        ) : (
          <Typography.Text type="secondary">Counting matching users…</Typography.Text>
        )}
      </div>

      {preview && preview.sample.length > 0 ? (
        <List
          style={{ marginTop: 16 }}
          size="small"
          header={<Typography.Text type="secondary">First matches</Typography.Text>}
          dataSource={preview.sample.map((u) => ({ ...u }))}
          renderItem={(u) => (
            <List.Item>
              <ListItemText
                title={`${u.firstName} ${u.lastName}`}
                description={[u.email, u.branchName, u.departmentName].filter(Boolean).join(' · ')}
              />
              {u.assigned ? <Typography.Text type="secondary">already assigned</Typography.Text> : null}
            </List.Item>
          )}
        />
      ) : null}

      {vm.submitError ? (
        <Alert style={{ marginTop: 16 }} type="error" showIcon role="alert" title={vm.submitError} />
      ) : null}
    </Drawer>
  );
});
