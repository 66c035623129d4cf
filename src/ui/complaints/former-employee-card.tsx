import { Card, Checkbox, Form, Input, Radio, Space } from 'antd';
import { DateInput } from '../shared/date-input';
import { tr } from '../i18n/i18n';

/** The server's error for a field, under the field. */
const shown = (errors: Record<string, string>, field: string) =>
  errors[field] ? { validateStatus: 'error' as const, help: errors[field] } : {};

/**
 * CA-01 on a Canadian form: a former employee gives notice within 3 months of the day they left, or later when trauma
 * or ill health kept them from it, with a short reason (the server refuses a later notice without it, naming CA-01).
 * A leaver whose account is closed reaches the public report (`/report`) with this card.
 */
export function FormerEmployeeCard({ errors }: { errors: Record<string, string> }) {
  const form = Form.useFormInstance();
  const left = Form.useWatch('formerEmployee', form) as boolean | undefined;
  const late = Form.useWatch('formerEmployeeLate', form) as string | undefined;
  return (
    <Card title={tr('concern.formerTitle')} style={{ marginBottom: 16 }}>
      <Form.Item name="formerEmployee" valuePropName="checked" style={{ marginBottom: left ? 16 : 0 }}>
        <Checkbox>{tr('concern.formerLeft')}</Checkbox>
      </Form.Item>
      {left ? (
        <>
          <Form.Item
            name="formerEmployeeLeftOn"
            label={tr('concern.formerLeftOn')}
            extra={tr('concern.formerLeftOnHint')}
            rules={[{ required: true, message: tr('concern.formerLeftOnMissing') }]}
            {...shown(errors, 'formerEmployee.leftOn')}
          >
            <DateInput style={{ maxWidth: 220 }} />
          </Form.Item>
          <Form.Item name="formerEmployeeLate" label={tr('concern.formerLate')} initialValue="">
            <Radio.Group aria-label={tr('concern.formerLate')}>
              <Space direction="vertical">
                <Radio value="">{tr('concern.formerLateNo')}</Radio>
                <Radio value="TRAUMA">{tr('concern.formerLateTrauma')}</Radio>
                <Radio value="HEALTH">{tr('concern.formerLateHealth')}</Radio>
              </Space>
            </Radio.Group>
          </Form.Item>
          {late ? (
            <Form.Item
              name="formerEmployeeLateReason"
              label={tr('concern.formerLateReason')}
              extra={tr('concern.formerLateReasonHint')}
              rules={[{ required: true, whitespace: true, message: tr('concern.formerLateReasonMissing') }]}
              {...shown(errors, 'formerEmployee.lateReason')}
            >
              <Input.TextArea rows={2} maxLength={1000} />
            </Form.Item>
          ) : null}
        </>
      ) : null}
    </Card>
  );
}
