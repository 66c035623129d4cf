import { Alert, Button, Card, Form, Input, Modal, Space, Switch, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import type { RetentionState } from '../../contracts/case/retention.contract';
import { useViewModel } from '../shared/container-context';
import { CaseRetentionViewModel } from './case-retention.view-model';
import { DateInput } from '../shared/date-input';
import { showDate } from '../i18n/i18n';

const WHY: Record<NonNullable<RetentionState['heldBy']>, string> = {
  PERIOD: 'the retention period the workspace set for this outcome',
  APPEAL_WINDOW: 'the end of the 90 days in which the decision may be appealed (POSH Act s.18, IN-10)',
  LAW: 'the 10 years Canada’s Regulations keep the records of a notice (CA-09)',
  POSTPONED: 'a postponement',
};

function describe(s: RetentionState): string {
  if (s.status === 'OPEN')
    return 'Kept while the case is open. Once it is closed, it is purged under the workspace’s retention periods.';
  if (s.status === 'PURGED') return `Purged on ${s.purged ? showDate(s.purged.purgedOn) : ''}.`;
  if (s.keptBecause === 'LEGAL_HOLD') return 'On legal hold: this case will not be purged until the hold is lifted.';
  if (s.keptBecause === 'NO_PERIOD') return 'Kept: the workspace purges no case closed with this outcome.';
  return `Purged on ${s.purgeOn ? showDate(s.purgeOn) : ''} unless held.`;
}

/**
 * The case page's retention panel (docs/case.md "Retention"), for the case's committee: when the case will be purged and
 * why; for the one presiding, the legal hold switch (with its reason) and "Postpone purge…" (a later day and a reason).
 */
export const CaseRetention = observer(function CaseRetention({ complaintId }: { complaintId: string }) {
  const vm = useViewModel(CaseRetentionViewModel);
  const [holdOpen, setHoldOpen] = useState(false);
  const [postponeOpen, setPostponeOpen] = useState(false);
  const [holdForm] = Form.useForm<{ reason: string }>();
  const [postponeForm] = Form.useForm<{ until: string; reason: string }>();
  useEffect(() => {
    void vm.load(complaintId);
  }, [vm, complaintId]);
  const s = vm.state.value;
  const err = (name: string) =>
    vm.fieldErrors[name] ? { validateStatus: 'error' as const, help: vm.fieldErrors[name] } : {};
  if (vm.state.status === 'error')
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message="The retention of this case could not be loaded"
        description={vm.state.error}
      />
    );
  if (!s) return null;
  const held = s.legalHold !== null;

  return (
    <Card title="Retention" size="small" style={{ marginBottom: 16 }}>
      <div role="region" aria-label="Retention">
        <Typography.Paragraph strong style={{ marginBottom: 4 }}>
          {describe(s)}
        </Typography.Paragraph>
        {s.status === 'SCHEDULED' && s.heldBy ? (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
            The date is set by {WHY[s.heldBy]}
            {s.postponement && s.heldBy === 'POSTPONED' ? `: “${s.postponement.reason}”` : ''}.
            {s.warnedOn ? ` The committee was warned on ${showDate(s.warnedOn)}.` : ''}
          </Typography.Paragraph>
        ) : null}
        {s.legalHold ? (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
            Hold placed{s.legalHold.placedBy ? ` by ${s.legalHold.placedBy}` : ''} on {showDate(s.legalHold.placedAt)}:
            “{s.legalHold.reason}”
          </Typography.Paragraph>
        ) : null}
        {vm.notice ? <Alert type="success" showIcon style={{ margin: '8px 0' }} message={vm.notice} /> : null}
        {s.mayAct ? (
          <Space wrap style={{ marginTop: 8 }}>
            <Space>
              <Switch
                id="legal-hold-switch"
                checked={held}
                aria-label="Legal hold"
                onChange={() => {
                  vm.clearErrors();
                  setHoldOpen(true);
                }}
              />
              <label htmlFor="legal-hold-switch">Legal hold</label>
            </Space>
            {s.status === 'SCHEDULED' ? (
              <Button
                onClick={() => {
                  vm.clearErrors();
                  setPostponeOpen(true);
                }}
              >
                Postpone purge…
              </Button>
            ) : null}
          </Space>
        ) : null}
      </div>
      <Modal
        open={holdOpen}
        title={held ? 'Lift the legal hold' : 'Place a legal hold'}
        okText={held ? 'Lift the hold' : 'Place the hold'}
        confirmLoading={vm.busy}
        onCancel={() => setHoldOpen(false)}
        onOk={() => holdForm.submit()}
        destroyOnHidden
      >
        <Form
          form={holdForm}
          layout="vertical"
          aria-label={held ? 'Lift the legal hold' : 'Place a legal hold'}
          onFinish={async (v) => {
            if (await vm.setHold(!held, v.reason)) setHoldOpen(false);
          }}
        >
          <Typography.Paragraph type="secondary">
            {held
              ? 'Once lifted, the case is purged under the retention rules; the committee is warned before.'
              : 'A case on legal hold is never purged, whatever its dates.'}
          </Typography.Paragraph>
          {vm.actionError && Object.keys(vm.fieldErrors).length === 0 ? (
            <Alert type="error" showIcon style={{ marginBottom: 12 }} message={vm.actionError} />
          ) : null}
          <Form.Item
            name="reason"
            label="Reason"
            rules={[{ required: true, min: 3, message: 'Give the reason' }]}
            {...err('reason')}
          >
            <Input.TextArea rows={3} maxLength={1000} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={postponeOpen}
        title="Postpone the purge"
        okText="Postpone"
        confirmLoading={vm.busy}
        onCancel={() => setPostponeOpen(false)}
        onOk={() => postponeForm.submit()}
        destroyOnHidden
      >
        <Form
          form={postponeForm}
          layout="vertical"
          aria-label="Postpone the purge"
          onFinish={async (v) => {
            if (await vm.postpone(v.until, v.reason)) setPostponeOpen(false);
          }}
        >
          <Typography.Paragraph type="secondary">
            A later day than {s.purgeOn ? showDate(s.purgeOn) : 'the purge day'}, at most 365 days from today. The
            committee is warned again before the new day.
          </Typography.Paragraph>
          {vm.actionError && Object.keys(vm.fieldErrors).length === 0 ? (
            <Alert type="error" showIcon style={{ marginBottom: 12 }} message={vm.actionError} />
          ) : null}
          <Form.Item
            name="until"
            label="Postpone to"
            rules={[{ required: true, message: 'Choose the day' }]}
            {...err('until')}
          >
            <DateInput />
          </Form.Item>
          <Form.Item
            name="reason"
            label="Reason"
            rules={[{ required: true, min: 3, message: 'Give the reason' }]}
            {...err('reason')}
          >
            <Input.TextArea rows={3} maxLength={1000} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
});
