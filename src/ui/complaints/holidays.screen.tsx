import { Alert, Breadcrumb, Button, Card, Form, Space, Switch, Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useViewModel } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { HolidaysViewModel, type HolidayRow } from './holidays.view-model';
import { DateInput } from '../shared/date-input';
import { appLocale } from '../i18n/i18n';

const JURISDICTION = { IN_POSH: 'India (POSH Act)', CA_FEDERAL: 'Canada (federal)' } as const;

/** "Public holidays": the working-day calendar the statutory clocks of every case count over. */
export const HolidaysScreen = observer(function HolidaysScreen() {
  const vm = useViewModel(HolidaysViewModel);
  const [date, setDate] = useState('');
  useEffect(() => {
    void vm.load();
  }, [vm]);
  const s = vm.settings;
  return (
    <section aria-labelledby="holidays-title" style={{ maxWidth: 900 }}>
      <Breadcrumb items={[{ title: <Link to="/committees">Internal Committee</Link> }, { title: 'Public holidays' }]} />
      <Typography.Title level={1} id="holidays-title">
        Public holidays
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        The statutory time limits counted in working days skip these days. A change applies to every case at once, and
        the committee’s reminders follow.
      </Typography.Paragraph>
      {vm.status === 'loading' && !s ? <Loading label="Loading the holidays" /> : null}
      {vm.status === 'error' ? <LoadError message={vm.error ?? ''} onRetry={() => void vm.load()} /> : null}
      {s ? (
        <>
          {vm.note ? (
            <Alert type="success" showIcon message={vm.note} style={{ marginBottom: 12 }} role="status" />
          ) : null}
          {vm.saveError ? <Alert type="error" showIcon message={vm.saveError} style={{ marginBottom: 12 }} /> : null}
          <Card size="small" style={{ marginBottom: 16 }}>
            <Space direction="vertical" style={{ width: '100%' }}>
              <Typography.Text>
                Calendar of <strong>{JURISDICTION[s.compliance]}</strong>: Sundays are days off
                {s.compliance === 'CA_FEDERAL' ? ', and Saturdays' : ''}.
              </Typography.Text>
              {s.compliance === 'IN_POSH' ? (
                <Space>
                  <Switch
                    id="saturday-off"
                    checked={s.saturdayOff}
                    loading={vm.saving}
                    onChange={(on) => void vm.setSaturdayOff(on)}
                    aria-label="Saturdays are days off"
                  />
                  <label htmlFor="saturday-off">Saturdays are days off</label>
                </Space>
              ) : null}
            </Space>
          </Card>
          <Card title="Witnesses on the committee" size="small" style={{ marginBottom: 16 }}>
            <Space direction="vertical" style={{ width: '100%' }}>
              <Space align="start">
                <Switch
                  id="recuse-witnesses"
                  checked={s.recuseWitnesses}
                  loading={vm.saving}
                  onChange={(on) => void vm.setRecuseWitnesses(on)}
                  aria-describedby="recuse-witnesses-help"
                />
                <label htmlFor="recuse-witnesses">Recuse named witnesses</label>
              </Space>
              <Typography.Text type="secondary" id="recuse-witnesses-help">
                A committee member named as a witness in a complaint does not see or decide that case.
              </Typography.Text>
            </Space>
          </Card>
          <Card title="Add a holiday" size="small" style={{ marginBottom: 16 }}>
            <Form
              layout="inline"
              onFinish={async () => {
                if (await vm.add(date)) setDate('');
              }}
            >
              <Form.Item
                label="Date"
                htmlFor="holiday-date"
                validateStatus={vm.fieldErrors.extraHolidays ? 'error' : undefined}
                help={vm.fieldErrors.extraHolidays}
              >
                <DateInput id="holiday-date" value={date} onChange={setDate} />
              </Form.Item>
              <Form.Item>
                <Button type="primary" htmlType="submit" loading={vm.saving}>
                  Add holiday
                </Button>
              </Form.Item>
            </Form>
          </Card>
          <Table<HolidayRow>
            aria-label="Public holidays"
            rowKey="date"
            size="small"
            dataSource={vm.rows}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: 'No public holidays: add the days your workplace keeps.' }}
            columns={[
              {
                title: 'Date',
                dataIndex: 'date',
                // A calendar day: written in the workspace's order (`Tue, 1 Dec 2026`), never shifted by a zone.
                render: (d: string) =>
                  new Date(`${d}T12:00:00Z`).toLocaleDateString(appLocale(), {
                    weekday: 'short',
                    year: 'numeric',
                    month: 'short',
                    day: 'numeric',
                    timeZone: 'UTC',
                  }),
              },
              {
                title: 'Kind',
                key: 'kind',
                render: (_: unknown, r) =>
                  r.removed ? (
                    <Tag>Working day here</Tag>
                  ) : r.source === 'DEFAULT' ? (
                    <Tag color="blue">National holiday</Tag>
                  ) : (
                    <Tag color="green">Added by you</Tag>
                  ),
              },
              {
                title: 'Action',
                key: 'action',
                render: (_: unknown, r) =>
                  r.removed ? (
                    <Button size="small" onClick={() => void vm.restore(r)} aria-label={`Keep ${r.date} as a holiday`}>
                      Keep as holiday
                    </Button>
                  ) : (
                    <Button size="small" onClick={() => void vm.remove(r)} aria-label={`Remove ${r.date}`}>
                      {r.source === 'DEFAULT' ? 'Not kept here' : 'Remove'}
                    </Button>
                  ),
              },
            ]}
          />
        </>
      ) : null}
    </section>
  );
});

export default HolidaysScreen;
