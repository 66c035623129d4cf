import { Alert, Breadcrumb, Button, Card, Checkbox, Form, InputNumber, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { RetentionOutcome, RetentionSettings } from '../../contracts/case/retention.contract';
import { useViewModel } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { OUTCOME_LABELS, RetentionSettingsViewModel } from './retention-settings.view-model';

const OUTCOMES = Object.keys(OUTCOME_LABELS) as RetentionOutcome[];

interface Values {
  warnDays: number;
  periods: Record<RetentionOutcome, { purge: boolean; days: number | null }>;
}

const toValues = (s: RetentionSettings): Values => ({
  warnDays: s.warnDays,
  periods: Object.fromEntries(
    OUTCOMES.map((o) => [o, { purge: s.periods[o] !== null, days: s.periods[o] }]),
  ) as Values['periods'],
});

/**
 * "Retention of closed cases" (docs/case.md "Retention"): per outcome, whether closed cases are purged and how many days
 * after closure, and how many days before the committee is warned. Workspace admins change them; employers and
 * committee members read them.
 */
export const RetentionSettingsScreen = observer(function RetentionSettingsScreen() {
  const vm = useViewModel(RetentionSettingsViewModel);
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    void vm.load();
  }, [vm]);
  useEffect(() => {
    if (vm.settings.value) form.setFieldsValue(toValues(vm.settings.value));
  }, [vm.settings.value, form]);
  const s = vm.settings.value;
  const readOnly = !s?.mayEdit;
  const err = (name: string) =>
    vm.fieldErrors[name] ? { validateStatus: 'error' as const, help: vm.fieldErrors[name] } : {};
  const purgeOf = Form.useWatch(['periods'], form) as Values['periods'] | undefined;

  return (
    <section aria-labelledby="retention-title">
      <Breadcrumb items={[{ title: <Link to="/committees">Internal Committee</Link> }, { title: 'Retention' }]} />
      <Typography.Title level={1} id="retention-title">
        Retention of closed cases
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        A closed case is purged once its outcome’s period has passed: its parties, incident, messages, meetings and
        evidence are deleted for good, and a record that the case existed (its number, outcome and dates) stays. The
        committee is warned before. A case is never purged while it is on legal hold or postponed,{' '}
        {s?.compliance === 'CA_FEDERAL'
          ? 'and Canada’s Regulations keep the records of each notice and the actions taken for 10 years (CA-09), whatever shorter period you set.'
          : 'nor during the 90 days in which its decision may be appealed (POSH Act s.18, IN-10).'}
      </Typography.Paragraph>
      {vm.settings.status === 'loading' && !s ? <Loading label="Loading the retention settings" /> : null}
      {vm.settings.status === 'error' ? (
        <LoadError message={vm.settings.error ?? ''} onRetry={() => void vm.load()} />
      ) : null}
      {s ? (
        <Form<Values>
          form={form}
          layout="vertical"
          aria-label="Retention periods"
          disabled={readOnly}
          onFinish={(v) =>
            void vm.save(
              Object.fromEntries(
                OUTCOMES.map((o) => [o, v.periods[o].purge ? (v.periods[o].days ?? 0) : null]),
              ) as Record<RetentionOutcome, number | null>,
              v.warnDays,
            )
          }
        >
          {readOnly ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              message="Only a workspace admin changes these settings."
            />
          ) : null}
          {vm.notice ? <Alert type="success" showIcon style={{ marginBottom: 12 }} message={vm.notice} /> : null}
          {vm.saveError && Object.keys(vm.fieldErrors).length === 0 ? (
            <Alert type="error" showIcon style={{ marginBottom: 12 }} message={vm.saveError} />
          ) : null}
          <Card title="Period per outcome" size="small" style={{ marginBottom: 16 }}>
            {OUTCOMES.map((o) => (
              <Space key={o} wrap align="start" style={{ width: '100%' }}>
                <Form.Item name={['periods', o, 'purge']} valuePropName="checked" style={{ minWidth: 240 }}>
                  <Checkbox>Purge cases closed as “{OUTCOME_LABELS[o]}”</Checkbox>
                </Form.Item>
                {purgeOf?.[o]?.purge ? (
                  <Form.Item
                    name={['periods', o, 'days']}
                    label={`Days after closure (${OUTCOME_LABELS[o]})`}
                    rules={[{ required: true, message: 'Enter the days' }]}
                    {...err(`periods.${o}`)}
                  >
                    <InputNumber min={0} max={36500} style={{ width: 160 }} />
                  </Form.Item>
                ) : (
                  <Typography.Text type="secondary" style={{ display: 'inline-block', paddingTop: 5 }}>
                    Kept: never purged
                  </Typography.Text>
                )}
              </Space>
            ))}
          </Card>
          <Form.Item
            name="warnDays"
            label="Warn the committee this many days before a purge"
            extra="The members of the case’s committee are mailed once; the one presiding may place a legal hold or postpone."
            rules={[{ required: true, message: 'Enter the days' }]}
            {...err('warnDays')}
          >
            <InputNumber min={1} max={365} style={{ width: 160 }} />
          </Form.Item>
          {readOnly ? null : (
            <Button type="primary" htmlType="submit" loading={vm.saving}>
              Save retention periods
            </Button>
          )}
        </Form>
      ) : null}
    </section>
  );
});

export default RetentionSettingsScreen;
