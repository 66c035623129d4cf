import { Alert, Form, Input, Modal, Radio, Select } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { ALL_BUSINESS_UNITS } from '../../domain/organisation/business-unit-selection';
import { useViewModel } from '../shared/container-context';
import { useShell } from '../shell/shell-context';
import { InvitePeopleViewModel, type InviteFormValues } from './invite-people.view-model';
import { ChoiceOrText } from '../shared/choice-or-text';

/** "Invite people": one person with their details, or a pasted list of emails, to one business unit. */
export const InvitePeopleModal = observer(function InvitePeopleModal(props: {
  open: boolean;
  roleOptions: { value: string; label: string }[];
  onClose: () => void;
  onInvited: () => void;
}) {
  const vm = useViewModel(InvitePeopleViewModel);
  const shell = useShell();
  const [form] = Form.useForm<InviteFormValues>();
  const mode = Form.useWatch('mode', form) ?? 'one';
  const units = shell.unitOptions.filter((o) => o.value !== ALL_BUSINESS_UNITS);
  const startUnit =
    shell.selectedUnit && shell.selectedUnit !== ALL_BUSINESS_UNITS ? shell.selectedUnit : units[0]?.value;

  useEffect(() => {
    if (!props.open) return;
    vm.reset();
    form.resetFields();
    if (startUnit) void vm.loadDepartments(startUnit);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on opening only: the form starts from the unit chosen at that moment
  }, [props.open]);

  const fieldError = (name: string) =>
    vm.fieldErrors[name] ? { validateStatus: 'error' as const, help: vm.fieldErrors[name] } : {};

  return (
    <Modal
      title="Invite people"
      open={props.open}
      onCancel={props.onClose}
      okText={vm.result ? 'Invite more' : 'Send invitations'}
      cancelText={vm.result ? 'Done' : 'Cancel'}
      confirmLoading={vm.submitting}
      onOk={() => {
        if (vm.result) {
          vm.reset();
          form.resetFields(['email', 'firstName', 'lastName', 'emails']);
          return;
        }
        form.submit();
      }}
      destroyOnHidden
    >
      {vm.summary && (
        <Alert
          type={vm.result?.skipped.length ? 'warning' : 'success'}
          showIcon
          title={vm.summary}
          style={{ marginBottom: 16 }}
        />
      )}
      {vm.error && <Alert type="error" showIcon title={vm.error} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={{
          mode: 'one',
          branchId: startUnit,
          role: 'EMPLOYEE',
          departmentId: '',
          email: '',
          firstName: '',
          lastName: '',
          emails: '',
        }}
        onFinish={async (values) => {
          if (await vm.submit({ ...form.getFieldsValue(true), ...values })) props.onInvited();
        }}
      >
        <Form.Item name="mode" label="Who">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'one', label: 'One person' },
              { value: 'list', label: 'A list of emails' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="branchId"
          label="Business unit"
          rules={[{ required: true, message: 'Choose a business unit' }]}
        >
          <ChoiceOrText
            options={units}
            onChange={(branchId: string) => {
              form.setFieldValue('departmentId', '');
              void vm.loadDepartments(branchId);
            }}
          />
        </Form.Item>
        {mode === 'one' ? (
          <>
            <Form.Item
              name="email"
              label="Email"
              rules={[
                { required: true, message: 'Enter an email' },
                { type: 'email', message: 'Enter a valid email' },
              ]}
              {...fieldError('email')}
            >
              <Input type="email" autoComplete="off" />
            </Form.Item>
            <Form.Item name="firstName" label="First name" rules={[{ max: 100 }]}>
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item name="lastName" label="Last name" rules={[{ max: 100 }]}>
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item name="departmentId" label="Department" {...fieldError('departmentId')}>
              <Select
                loading={vm.departmentsLoading}
                options={[
                  { value: '', label: 'No department' },
                  ...vm.departments.map((d) => ({ value: d.departmentId, label: d.departmentName })),
                ]}
              />
            </Form.Item>
            <Form.Item name="role" label="Role" {...fieldError('role')}>
              <Select options={props.roleOptions} />
            </Form.Item>
          </>
        ) : (
          <Form.Item
            name="emails"
            label="Emails"
            extra="One per line, or separated by commas. They join as employees; people already here are skipped and named."
            rules={[{ required: true, message: 'Paste at least one email' }]}
            {...fieldError('emails')}
          >
            <Input.TextArea rows={6} autoComplete="off" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
});
