import {
  Alert,
  Button,
  Card,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { AwarenessEvent, AwarenessKind } from '../../contracts/case/law.contract';
import { useViewModel } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { EmployerDutiesViewModel } from './employer-duties.view-model';
import { DateInput } from '../shared/date-input';

export const KIND_WORDS: Record<AwarenessKind, string> = {
  WORKSHOP: 'Workshop',
  AWARENESS_PROGRAMME: 'Awareness programme',
  COMMITTEE_ORIENTATION: 'Orientation of the committee',
};

interface EventValues {
  kind: AwarenessKind;
  title: string;
  heldOn: string;
  audience: string;
  by: 'NAMES' | 'COUNT';
  attendeeIds?: string[];
  headCount?: number;
}

/** IN-12, the employer's duties (docs/law.md): the notice shown to staff, police help, and the workshops held. */
export const EmployerDutiesScreen = observer(function EmployerDutiesScreen() {
  const vm = useViewModel(EmployerDutiesViewModel);
  const [recording, setRecording] = useState(false);
  const [form] = Form.useForm<EventValues>();
  const by = Form.useWatch('by', form) ?? 'COUNT';
  useEffect(() => {
    void vm.load();
  }, [vm]);
  const err = (field: string) =>
    vm.fieldErrors[field] ? { validateStatus: 'error' as const, help: vm.fieldErrors[field] } : {};
  const duties = vm.duties.value;
  return (
    <section aria-labelledby="duties-title">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1} id="duties-title" style={{ margin: 0 }}>
          Employer’s duties
        </Typography.Title>
        <Button
          type="primary"
          onClick={() => {
            vm.clearErrors();
            setRecording(true);
          }}
        >
          Record a workshop
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">
        What the POSH Act asks of you (s.19): the notice, workshops and awareness programmes, the committee’s
        orientation, help with a police complaint. They feed the annual return.
      </Typography.Paragraph>
      {vm.duties.status === 'loading' && !duties ? <Loading label="Loading your duties" /> : null}
      {vm.duties.status === 'error' ? (
        <LoadError message={vm.duties.error ?? ''} onRetry={() => void vm.load()} />
      ) : null}
      {duties ? (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Card title="The notice to staff">
            <Form<{ noticePublished: boolean; policeHelp: string }>
              layout="vertical"
              initialValues={{ noticePublished: duties.noticePublishedAt !== null, policeHelp: duties.policeHelp }}
              onFinish={(v) => void vm.save(v.noticePublished, v.policeHelp ?? '')}
            >
              <Form.Item name="policeHelp" label="Where staff get help with a police complaint" {...err('policeHelp')}>
                <Input.TextArea rows={3} />
              </Form.Item>
              <Form.Item name="noticePublished" label="Show the notice to every member" valuePropName="checked">
                <Switch />
              </Form.Item>
              {vm.message && !recording ? <Alert type="error" title={vm.message} style={{ marginBottom: 16 }} /> : null}
              <Space wrap>
                <Button htmlType="submit" type="primary" loading={vm.saving}>
                  Save the notice
                </Button>
                <Link to="/notice">See the notice as staff see it</Link>
              </Space>
            </Form>
          </Card>
          <section aria-labelledby="events-title">
            <Typography.Title level={2} id="events-title" style={{ fontSize: 20 }}>
              Workshops, programmes and orientations
            </Typography.Title>
            <Table<AwarenessEvent>
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={vm.events}
              locale={{
                emptyText: <Typography.Text>Nothing recorded yet: record the workshops you held.</Typography.Text>,
              }}
              columns={[
                {
                  title: 'Held on',
                  dataIndex: 'heldOn',
                  render: (d: string) =>
                    new Date(`${d}T00:00:00`).toLocaleDateString('en-GB', {
                      day: 'numeric',
                      month: 'short',
                      year: 'numeric',
                    }),
                },
                {
                  title: 'What',
                  key: 'what',
                  render: (_, e) => (
                    <div>
                      <Tag>{KIND_WORDS[e.kind]}</Tag> {e.title}
                    </div>
                  ),
                },
                { title: 'Audience', dataIndex: 'audience', responsive: ['md'] },
                {
                  title: 'Attendance',
                  key: 'attendance',
                  render: (_, e) => `${e.attendance} ${e.namedAttendees > 0 ? 'named' : 'people'}`,
                },
              ]}
            />
          </section>
        </Space>
      ) : null}
      <Drawer
        title="Record a workshop"
        open={recording}
        onClose={() => setRecording(false)}
        size="large"
        destroyOnHidden
      >
        <Form<EventValues>
          form={form}
          layout="vertical"
          initialValues={{ kind: 'WORKSHOP', by: 'COUNT' }}
          onFinish={async (v) => {
            const ok = await vm.record({
              kind: v.kind,
              title: v.title ?? '',
              heldOn: v.heldOn ?? '',
              audience: v.audience ?? '',
              attendeeIds: v.by === 'NAMES' ? (v.attendeeIds ?? []) : [],
              headCount: v.by === 'COUNT' ? (v.headCount ?? null) : null,
            });
            if (ok) setRecording(false);
          }}
        >
          <Form.Item name="kind" label="What was held">
            <Select
              options={(Object.keys(KIND_WORDS) as AwarenessKind[]).map((k) => ({ value: k, label: KIND_WORDS[k] }))}
            />
          </Form.Item>
          <Form.Item
            name="title"
            label="Title"
            rules={[{ required: true, message: 'Give the title' }]}
            {...err('title')}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="heldOn"
            label="Held on"
            rules={[{ required: true, message: 'Give the day' }]}
            {...err('heldOn')}
          >
            <DateInput />
          </Form.Item>
          <Form.Item
            name="audience"
            label="For whom"
            rules={[{ required: true, message: 'Say who it was for' }]}
            {...err('audience')}
          >
            <Input placeholder="All staff at headquarters" />
          </Form.Item>
          <Form.Item name="by" label="Attendance">
            <Radio.Group
              options={[
                { value: 'COUNT', label: 'A head count' },
                { value: 'NAMES', label: 'People from the directory' },
              ]}
            />
          </Form.Item>
          {by === 'COUNT' ? (
            <Form.Item name="headCount" label="How many attended" {...err('headCount')}>
              <InputNumber min={1} style={{ width: '100%' }} />
            </Form.Item>
          ) : (
            <Form.Item name="attendeeIds" label="Who attended" {...err('attendeeIds')}>
              <Select
                mode="multiple"
                showSearch
                filterOption={false}
                onSearch={(t) => void vm.search(t)}
                placeholder="Type a name or email"
                options={vm.people.map((p) => ({ value: p.userId, label: p.label }))}
              />
            </Form.Item>
          )}
          {vm.message ? <Alert type="error" title={vm.message} style={{ marginBottom: 16 }} /> : null}
          <Button type="primary" htmlType="submit" loading={vm.saving}>
            Record it
          </Button>
        </Form>
      </Drawer>
    </section>
  );
});

export default EmployerDutiesScreen;
