import { Alert, Button, Card, Input, Radio, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import type { ComplaintDetail } from '../../contracts/case/complaints.contract';
import { formatDateTime } from '../../domain/shared/date-time';
import type { ComplaintCaseViewModel } from './complaint-case.view-model';

const PARTY_WORDS = { COMPLAINANT: 'the complainant', RESPONDENT: 'the respondent' } as const;

/**
 * Natural justice on a POSH case's Meetings tab, for its committee (docs/case.md "Hearings: attendance, quorum, ex
 * parte"): what fails IN-02 in the committee and the presiding officer's override, and the decisions to proceed ex
 * parte (IN-06), which she records.
 */
export const NaturalJustice = observer(function NaturalJustice({
  vm,
  detail,
}: {
  vm: ComplaintCaseViewModel;
  detail: ComplaintDetail;
}) {
  const natural = detail.natural;
  const [overrideReasons, setOverrideReasons] = useState('');
  const [party, setParty] = useState<'COMPLAINANT' | 'RESPONDENT' | undefined>(undefined);
  const [reasons, setReasons] = useState('');
  if (!natural) return null;
  const open = detail.status === 'OPEN';
  const presides = detail.callerPresides;
  const error = (about: 'ex-parte' | 'override') =>
    vm.naturalError?.about === about ? (
      <Alert type="error" showIcon title={vm.naturalError.message} style={{ marginTop: 8 }} />
    ) : null;
  const byLine = (d: { byName: string; at: string }) => `${d.byName}, ${formatDateTime(d.at, vm.dateTime)}`;

  return (
    <Card title="Natural justice" size="small">
      <Space orientation="vertical" style={{ width: '100%' }}>
        {natural.compositionProblems.length > 0 ? (
          <section aria-label="The committee's composition (IN-02)">
            <Alert
              type="warning"
              showIcon
              title="IN-02: this committee is not constituted as the Act asks"
              description={natural.compositionProblems.join(' ')}
            />
            {natural.compositionOverride ? (
              <Typography.Paragraph style={{ marginTop: 8 }}>
                The case proceeds on the presiding officer’s override: “{natural.compositionOverride.reasons}” (
                {byLine(natural.compositionOverride)}).
              </Typography.Paragraph>
            ) : presides && open ? (
              <Space orientation="vertical" style={{ width: '100%', marginTop: 8 }}>
                <Input.TextArea
                  aria-label="Your reasons for proceeding with this committee"
                  placeholder="Why the case cannot wait for the committee to be constituted as the Act asks"
                  value={overrideReasons}
                  onChange={(e) => setOverrideReasons(e.target.value)}
                  autoSize={{ minRows: 2 }}
                />
                <Button
                  loading={vm.naturalBusy === 'override'}
                  onClick={() => void vm.overrideComposition(overrideReasons)}
                >
                  Proceed with this committee
                </Button>
              </Space>
            ) : (
              <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                Steps and hearings wait for the presiding officer to record why the case proceeds.
              </Typography.Paragraph>
            )}
            {error('override')}
          </section>
        ) : null}
        <section aria-label="Ex parte">
          <Typography.Text strong>Ex parte</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            The committee may proceed without a party only after 3 consecutive recorded absences from hearings and 15
            days’ written notice (POSH Rule 7).
          </Typography.Paragraph>
          {natural.exParte.map((e) => (
            <Typography.Paragraph key={e.party}>
              Proceeding ex parte against {PARTY_WORDS[e.party]}: “{e.reasons}” ({byLine(e)}).
            </Typography.Paragraph>
          ))}
          {presides && open ? (
            <Space orientation="vertical" style={{ width: '100%' }}>
              <div role="radiogroup" aria-label="Party who did not attend">
                <Radio.Group
                  optionType="button"
                  value={party}
                  onChange={(e) => setParty(e.target.value as 'COMPLAINANT' | 'RESPONDENT')}
                  options={[
                    { value: 'RESPONDENT', label: 'The respondent' },
                    { value: 'COMPLAINANT', label: 'The complainant' },
                  ]}
                />
              </div>
              <Input.TextArea
                aria-label="Reasons for proceeding ex parte"
                value={reasons}
                onChange={(e) => setReasons(e.target.value)}
                autoSize={{ minRows: 2 }}
              />
              <Button
                loading={vm.naturalBusy === 'ex-parte'}
                onClick={() => void vm.proceedExParte({ party, reasons })}
              >
                Proceed ex parte
              </Button>
            </Space>
          ) : null}
          {error('ex-parte')}
        </section>
      </Space>
    </Card>
  );
});
