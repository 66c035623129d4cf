import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import type { ComplaintDetail } from '../../contracts/case/complaints.contract';
import { CAPACITY_WORDS, isCapacity } from '../../domain/complaints/filing';
import { clockDay } from './clock-chip';
import type { ComplaintCaseViewModel } from './complaint-case.view-model';

/**
 * IN-03 on a POSH case: a complaint filed more than 3 months after the incident, and the committee's extension with its
 * reasons in writing; and a complaint filed for her, with who filed and in which capacity.
 */
export const FilingLate = observer(function FilingLate({
  vm,
  detail,
  committee,
}: {
  vm: ComplaintCaseViewModel;
  detail: ComplaintDetail;
  committee: boolean;
}) {
  const [reasons, setReasons] = useState('');
  const late = detail.lateFiling;
  const filedFor = detail.filedFor;
  if (detail.compliance !== 'IN_POSH' || (!late && !filedFor)) return null;
  const error = vm.naturalError?.about === 'extension' ? vm.naturalError : null;
  const day = (d: string) => clockDay(d, vm.dateTime);
  return (
    <Card title="Filing (IN-03)" size="small" style={{ marginBottom: 16 }}>
      <section aria-label="Filing (IN-03)">
        {filedFor ? (
          <Typography.Paragraph>
            Filed for her by {filedFor.filerName} as{' '}
            {(isCapacity(filedFor.capacity) ? CAPACITY_WORDS[filedFor.capacity] : filedFor.capacity).toLowerCase()}
            {filedFor.writtenConsent ? ', with her written consent' : ''}: “{filedFor.reason}”.
          </Typography.Paragraph>
        ) : null}
        {late ? (
          late.extension ? (
            <Typography.Paragraph>
              Filed after the 3-month limit (due {day(late.dueOn)}). The committee extended the limit on{' '}
              {day(late.extension.on)} ({late.extension.byName}): “{late.extension.reasons}”.
            </Typography.Paragraph>
          ) : (
            <>
              <Typography.Paragraph>
                Filed after the 3-month limit (due {day(late.dueOn)}).{' '}
                {detail.timeliness === 'BEYOND_EXTENSION'
                  ? 'It came more than 6 months after the incident: the committee cannot extend the limit that far.'
                  : `The committee may extend it, up to ${day(late.extendableTo)}, with its reasons in writing.`}
              </Typography.Paragraph>
              {committee && detail.status === 'OPEN' && detail.timeliness === 'EXTENSION_NEEDED' ? (
                <Form layout="vertical" onFinish={() => void vm.extendFilingLimit(reasons)}>
                  <Form.Item
                    label="The committee’s reasons for extending the limit"
                    htmlFor="filing-extension-reasons"
                    validateStatus={error?.fields?.reasons ? 'error' : undefined}
                    help={error?.fields?.reasons}
                  >
                    <Input.TextArea
                      id="filing-extension-reasons"
                      value={reasons}
                      onChange={(e) => setReasons(e.target.value)}
                      autoSize={{ minRows: 2 }}
                      maxLength={4000}
                    />
                  </Form.Item>
                  <Button htmlType="submit" loading={vm.naturalBusy === 'extension'}>
                    Extend the limit
                  </Button>
                </Form>
              ) : null}
            </>
          )
        ) : null}
        {error && !error.fields?.reasons ? (
          <Alert type="error" showIcon title={error.message} style={{ marginTop: 8 }} />
        ) : null}
      </section>
    </Card>
  );
});
