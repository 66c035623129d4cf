import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import type { ComplaintDetail } from '../../contracts/case/complaints.contract';
import { DateInput } from '../shared/date-input';
import { clockDay } from './clock-chip';
import type { ComplaintCaseViewModel } from './complaint-case.view-model';

/**
 * IN-05 on a POSH case, for its committee: the respondent's written reply is due within 10 working days of the copy of
 * the complaint (POSH Rule 7(3)); the committee records the day it came, which stops the reply clock (met or late).
 */
export const RespondentReply = observer(function RespondentReply({
  vm,
  detail,
}: {
  vm: ComplaintCaseViewModel;
  detail: ComplaintDetail;
}) {
  const [receivedOn, setReceivedOn] = useState('');
  const [note, setNote] = useState('');
  const clock = detail.clocks.find((c) => c.id === 'IN_RESPONDENT_REPLY');
  if (detail.compliance !== 'IN_POSH' || !clock || clock.state === 'NOT_STARTED') return null;
  const error = vm.naturalError?.about === 'reply' ? vm.naturalError : null;
  const recorded = clock.metOn;
  return (
    <Card title="The respondent’s reply (IN-05)" size="small" style={{ marginBottom: 16 }}>
      <section aria-label="The respondent's reply">
        <Typography.Paragraph>
          {recorded
            ? `Reply received on ${clockDay(recorded, vm.dateTime)}${clock.state === 'MET_LATE' ? `, after its due day (${clockDay(clock.dueOn, vm.dateTime)})` : ', in time'}.`
            : `The copy of the complaint went to the respondent on ${clockDay(clock.startedOn, vm.dateTime)}; the reply is due by ${clockDay(clock.dueOn, vm.dateTime)} (10 working days).`}
        </Typography.Paragraph>
        {detail.status === 'OPEN' ? (
          <Form
            layout="vertical"
            onFinish={() => {
              void vm.recordReply({ receivedOn, note }).then((done) => {
                if (done) setNote('');
              });
            }}
          >
            <Form.Item
              label="Day the reply was received"
              htmlFor="respondent-reply-day"
              validateStatus={error?.fields?.receivedOn ? 'error' : undefined}
              help={error?.fields?.receivedOn}
            >
              <DateInput id="respondent-reply-day" value={receivedOn} onChange={setReceivedOn} />
            </Form.Item>
            <Form.Item label="Note (documents and witnesses named)" htmlFor="respondent-reply-note">
              <Input.TextArea
                id="respondent-reply-note"
                value={note}
                onChange={(e) => setNote(e.target.value)}
                autoSize={{ minRows: 2 }}
                maxLength={2000}
              />
            </Form.Item>
            <Button htmlType="submit" loading={vm.naturalBusy === 'reply'}>
              {recorded ? 'Correct the reply’s day' : 'Record the reply'}
            </Button>
          </Form>
        ) : null}
        {error && !error.fields?.receivedOn ? (
          <Alert type="error" showIcon title={error.message} style={{ marginTop: 8 }} />
        ) : null}
      </section>
    </Card>
  );
});
