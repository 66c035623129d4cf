import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import type { ComplaintDetail } from '../../contracts/case/complaints.contract';
import { showDate, tr } from '../i18n/i18n';
import type { ComplaintCaseViewModel } from './complaint-case.view-model';

/**
 * IN-05 on the respondent's page of a POSH case: once the copy of the complaint reached them, they send their written
 * reply here ("Send my reply"); it goes to the committee and stops the reply clock. In the reader's language.
 */
export const OwnReplyCard = observer(function OwnReplyCard({
  vm,
  detail: d,
}: {
  vm: ComplaintCaseViewModel;
  detail: ComplaintDetail;
}) {
  const [text, setText] = useState('');
  const own = d.ownReply;
  if (d.role !== 'RESPONDENT' || !own) return null;
  if (!own.repliedOn && d.status !== 'OPEN') return null;
  const error = vm.naturalError?.about === 'own-reply' ? vm.naturalError : null;
  return (
    <Card title={tr('case.ownReplyTitle')} size="small" style={{ marginBottom: 16 }}>
      <section aria-label={tr('case.ownReplyTitle')}>
        {own.repliedOn ? (
          <Alert
            type="success"
            showIcon
            role="status"
            message={tr('case.ownReplyReceived', { date: showDate(own.repliedOn) })}
          />
        ) : (
          <>
            <Typography.Paragraph>
              {tr('case.ownReplyDue', { date: own.dueOn ? showDate(own.dueOn) : '—' })}
            </Typography.Paragraph>
            <Form
              layout="vertical"
              onFinish={() => {
                void vm.sendOwnReply(text, {
                  empty: tr('case.ownReplyEmpty'),
                  closed: tr('case.ownReplyClosed'),
                  notice: tr('case.sent'),
                });
              }}
            >
              <Form.Item
                label={tr('case.ownReplyLabel')}
                htmlFor="own-reply-text"
                validateStatus={error?.fields?.reply ? 'error' : undefined}
                help={error?.fields?.reply}
              >
                <Input.TextArea
                  id="own-reply-text"
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  autoSize={{ minRows: 4 }}
                  maxLength={8000}
                />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={vm.naturalBusy === 'own-reply'}>
                {tr('case.ownReplySend')}
              </Button>
            </Form>
            {error && !error.fields?.reply ? (
              <Alert type="error" showIcon message={error.message} style={{ marginTop: 8 }} />
            ) : null}
          </>
        )}
      </section>
    </Card>
  );
});
