import { Alert, Breadcrumb, Button, Drawer, Form, Input, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { Investigator, InvestigatorBody } from '../../contracts/case/investigations.contract';
import { useViewModel } from '../shared/container-context';
import { EmptyState, LoadError, Loading } from '../shared/page-state';
import { InvestigatorsViewModel } from './investigators.view-model';

/** "Investigators": the roster a Canadian case's investigator comes from (CA-05), in the round robin's order. */
export const InvestigatorsScreen = observer(function InvestigatorsScreen() {
  const vm = useViewModel(InvestigatorsViewModel);
  const [form] = Form.useForm<InvestigatorBody>();
  useEffect(() => {
    void vm.load();
  }, [vm]);
  const fieldError = (name: string) =>
    vm.fieldErrors[name] ? { validateStatus: 'error' as const, help: vm.fieldErrors[name] } : {};
  return (
    <section aria-labelledby="investigators-title">
      <Breadcrumb items={[{ title: <Link to="/committees">Internal Committee</Link> }, { title: 'Investigators' }]} />
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
        <Typography.Title level={1} id="investigators-title" style={{ margin: 0 }}>
          Investigators
        </Typography.Title>
        <Button
          type="primary"
          onClick={() => {
            form.resetFields();
            vm.open();
          }}
        >
          Add an investigator
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">
        The list the parties choose an investigator from. If they do not agree within 60 days, the next one in this
        order is appointed, skipping anyone with a stake in the case.
      </Typography.Paragraph>
      {vm.note ? <Alert type="success" showIcon role="status" message={vm.note} style={{ marginBottom: 12 }} /> : null}
      {vm.roster.status === 'loading' && vm.investigators.length === 0 ? <Loading label="Loading the roster" /> : null}
      {vm.roster.status === 'error' ? (
        <LoadError message={vm.roster.error ?? ''} onRetry={() => void vm.load()} />
      ) : null}
      {vm.roster.status === 'ready' && vm.investigators.length === 0 ? (
        <EmptyState title="No investigator is on the roster yet: add the people the parties may choose from." />
      ) : null}
      {vm.investigators.length > 0 ? (
        <Table<Investigator>
          aria-label="Investigators"
          rowKey="id"
          dataSource={vm.investigators.map((i) => ({ ...i }))}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: 'Order', dataIndex: 'position' },
            { title: 'Name', dataIndex: 'name' },
            { title: 'Email', dataIndex: 'email' },
            { title: 'Qualifications', dataIndex: 'qualifications', render: (q: string) => q || '—' },
            {
              title: 'Kind',
              dataIndex: 'kind',
              render: (k: Investigator['kind']) => (
                <Tag color={k === 'EXTERNAL' ? 'purple' : 'blue'}>{k === 'EXTERNAL' ? 'External' : 'Internal'}</Tag>
              ),
            },
            {
              title: 'In the round robin',
              dataIndex: 'active',
              render: (active: boolean, row) => (
                <Switch
                  checked={active}
                  aria-label={`${row.name} in the round robin`}
                  onChange={(on) => void vm.setActive(row.id, on)}
                />
              ),
            },
          ]}
        />
      ) : null}
      <Drawer
        title="Add an investigator"
        open={vm.drawerOpen}
        onClose={vm.close}
        width={Math.min(480, typeof window === 'undefined' ? 480 : window.innerWidth)}
        destroyOnHidden
      >
        {vm.saveError ? <Alert type="error" showIcon message={vm.saveError} style={{ marginBottom: 12 }} /> : null}
        <Form<InvestigatorBody>
          form={form}
          layout="vertical"
          initialValues={{ kind: 'EXTERNAL', qualifications: '' }}
          onFinish={(values) => void vm.add(values)}
        >
          <Form.Item label="Name" name="name" {...fieldError('name')}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            label="Email"
            name="email"
            extra="They sign in with this address to read the case and write the report."
            {...fieldError('email')}
          >
            <Input type="email" autoComplete="off" />
          </Form.Item>
          <Form.Item label="Qualifications" name="qualifications" {...fieldError('qualifications')}>
            <Input.TextArea rows={3} />
          </Form.Item>
          <Form.Item label="Internal or external" name="kind">
            <Select
              options={[
                { value: 'INTERNAL', label: 'Internal: works here' },
                { value: 'EXTERNAL', label: 'External' },
              ]}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={vm.saving}>
            Add to the roster
          </Button>
        </Form>
      </Drawer>
    </section>
  );
});

export default InvestigatorsScreen;
