import { Alert, Button, Card, Descriptions, Form, Input, Select, Space, Steps, Table, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import type { AnyReturn } from '../../application/law/law-api.port';
import type { GeneratedReturn, ReturnInputs, ReturnKind } from '../../contracts/case/law.contract';
import { useViewModel } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { RETURN_NAMES } from '../../domain/compliance/statutory-returns';
import { INPUT_LABELS, ReturnsViewModel } from './returns.view-model';

const INPUTS_OF: Record<ReturnKind, (keyof ReturnInputs)[]> = {
  POSH_ANNUAL: ['employerName', 'employerAddress', 'districtOfficer'],
  BOARD: ['employerName'],
  CANADA_ANNUAL: ['employerName', 'businessNumber', 'contactName', 'contactEmail', 'contactPhone'],
};

function Figures({ r }: { r: AnyReturn }) {
  if (r.kind === 'POSH_ANNUAL') {
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        {r.committees.length === 0 ? <Typography.Text>No Internal Committee to report on.</Typography.Text> : null}
        {r.committees.map((c) => (
          <Descriptions key={c.name} title={c.name} size="small" column={1} bordered>
            <Descriptions.Item label="Complaints received in the year">{c.received}</Descriptions.Item>
            <Descriptions.Item label="Complaints disposed of in the year">{c.disposed}</Descriptions.Item>
            <Descriptions.Item label="Pending for more than 90 days">{c.pendingOver90Days}</Descriptions.Item>
            <Descriptions.Item label="Workshops and awareness programmes held">
              {c.workshops + c.awarenessProgrammes}
            </Descriptions.Item>
            <Descriptions.Item label="Nature of action taken">
              {c.actionTaken
                .filter((a) => a.cases > 0)
                .map((a) => `${a.label}: ${a.cases}`)
                .join('; ') || 'None'}
            </Descriptions.Item>
          </Descriptions>
        ))}
      </Space>
    );
  }
  if (r.kind === 'BOARD') {
    return (
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="Complaints received">{r.figures.received}</Descriptions.Item>
        <Descriptions.Item label="Complaints disposed of">{r.figures.disposed}</Descriptions.Item>
        <Descriptions.Item label="Pending for more than 90 days">{r.figures.pendingOver90Days}</Descriptions.Item>
        <Descriptions.Item label="Headcount">{`${r.headcount.female} women, ${r.headcount.male} men, ${r.headcount.transgender} transgender, ${r.headcount.notGiven} not given`}</Descriptions.Item>
      </Descriptions>
    );
  }
  return (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label="Total occurrences">{r.occurrences}</Descriptions.Item>
      <Descriptions.Item label="Resolved">{r.resolved}</Descriptions.Item>
      <Descriptions.Item label="Average months to resolve">
        {r.averageMonthsToResolve ?? 'None resolved'}
      </Descriptions.Item>
      <Descriptions.Item label="Resolution means">
        {r.resolutionMeans
          .filter((m) => m.cases > 0)
          .map((m) => `${m.label}: ${m.cases}`)
          .join('; ') || 'None'}
      </Descriptions.Item>
      <Descriptions.Item label="Not recorded in SafePlace">{r.notRecorded.join('; ')}</Descriptions.Item>
    </Descriptions>
  );
}

/** The statutory returns (docs/law.md): what they need first, then each return's figures, its PDF or XLSX, and the list made. */
export const ReturnsScreen = observer(function ReturnsScreen() {
  const vm = useViewModel(ReturnsViewModel);
  const [step, setStep] = useState(0);
  const [kind, setKind] = useState<ReturnKind | null>(null);
  const [period, setPeriod] = useState('');
  const [form] = Form.useForm<ReturnInputs>();
  useEffect(() => {
    void vm.load();
  }, [vm]);
  const due = vm.overview?.due ?? [];
  const chosen = kind ?? due[0]?.kind ?? null;
  const periodOf = (k: ReturnKind | null) => due.find((d) => d.kind === k)?.period ?? '';
  const shownPeriod = period || periodOf(chosen);
  const needed = [...new Set(due.flatMap((d) => INPUTS_OF[d.kind]))];
  return (
    <section aria-labelledby="returns-page-title">
      <Typography.Title level={1} id="returns-page-title">
        Statutory returns
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Each return in one click, as PDF or Excel: counts only, never a name. Every return made is listed with who made
        it.
      </Typography.Paragraph>
      {vm.status === 'loading' && !vm.overview ? <Loading label="Loading the returns" /> : null}
      {vm.status === 'error' ? <LoadError message={vm.error ?? ''} onRetry={() => void vm.load()} /> : null}
      {vm.overview && vm.inputs ? (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Steps
            current={step}
            onChange={setStep}
            items={[{ title: 'What the returns need' }, { title: 'Make a return' }]}
          />
          {step === 0 ? (
            <Card>
              <Typography.Paragraph>What no case can tell SafePlace. Kept for next year.</Typography.Paragraph>
              <Form<ReturnInputs>
                form={form}
                layout="vertical"
                initialValues={vm.inputs}
                onFinish={async (values) => {
                  if (await vm.saveInputs({ ...vm.inputs!, ...values })) setStep(1);
                }}
              >
                {needed.map((field) => (
                  <Form.Item
                    key={field}
                    name={field}
                    label={INPUT_LABELS[field]}
                    validateStatus={vm.inputErrors[field] ? 'error' : undefined}
                    help={vm.inputErrors[field]}
                  >
                    <Input />
                  </Form.Item>
                ))}
                {vm.inputMessage ? <Alert type="error" title={vm.inputMessage} style={{ marginBottom: 16 }} /> : null}
                <Button type="primary" htmlType="submit" loading={vm.savingInputs}>
                  Save and continue
                </Button>
              </Form>
            </Card>
          ) : (
            <Card>
              <Space wrap align="end">
                <div>
                  <label htmlFor="return-kind">Return</label>
                  <Select<ReturnKind>
                    id="return-kind"
                    style={{ display: 'block', minWidth: 260 }}
                    value={chosen ?? undefined}
                    onChange={(k) => {
                      setKind(k);
                      setPeriod('');
                    }}
                    options={due.map((d) => ({ value: d.kind, label: RETURN_NAMES[d.kind] }))}
                  />
                </div>
                <div>
                  <label htmlFor="return-period">{chosen === 'BOARD' ? 'Financial year' : 'Year'}</label>
                  <Input
                    id="return-period"
                    style={{ display: 'block', width: 140 }}
                    value={shownPeriod}
                    onChange={(e) => setPeriod(e.target.value)}
                  />
                </div>
                <Button onClick={() => chosen && void vm.showFigures(chosen, shownPeriod)} loading={vm.previewing}>
                  Show the figures
                </Button>
                <Button
                  type="primary"
                  onClick={() => chosen && void vm.generate(chosen, shownPeriod, 'pdf')}
                  loading={vm.generating === 'pdf'}
                >
                  Generate PDF
                </Button>
                <Button
                  onClick={() => chosen && void vm.generate(chosen, shownPeriod, 'xlsx')}
                  loading={vm.generating === 'xlsx'}
                >
                  Generate Excel
                </Button>
              </Space>
              {vm.generateError ? (
                <Alert
                  type="error"
                  style={{ marginTop: 16 }}
                  title={vm.generateError}
                  action={<Button onClick={() => setStep(0)}>Give them</Button>}
                />
              ) : null}
              {vm.lastFile ? (
                <Alert
                  type="success"
                  style={{ marginTop: 16 }}
                  title="The return is ready"
                  description={
                    <a href={vm.lastFile.url} download={vm.lastFile.fileName} target="_blank" rel="noreferrer">
                      Open {vm.lastFile.fileName}
                    </a>
                  }
                />
              ) : null}
              {vm.preview ? (
                <div style={{ marginTop: 16 }}>
                  <Typography.Title level={2} style={{ fontSize: 18 }}>
                    {RETURN_NAMES[vm.preview.kind]}, {vm.preview.period}
                  </Typography.Title>
                  <Figures r={vm.preview} />
                </div>
              ) : null}
            </Card>
          )}
          <section aria-labelledby="generated-title">
            <Typography.Title level={2} id="generated-title" style={{ fontSize: 20 }}>
              Returns made
            </Typography.Title>
            <Table<GeneratedReturn>
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={vm.overview.generated.map((g) => ({ ...g }))}
              locale={{ emptyText: <Typography.Text>No return made yet: make one above.</Typography.Text> }}
              columns={[
                { title: 'Return', key: 'kind', render: (_, g) => `${RETURN_NAMES[g.kind]}, ${g.period}` },
                { title: 'Format', dataIndex: 'format', responsive: ['sm'] },
                {
                  title: 'Made by',
                  key: 'by',
                  render: (_, g) =>
                    `${g.generatedBy}, ${new Date(g.generatedAt).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' })}`,
                },
              ]}
            />
          </section>
        </Space>
      ) : null}
    </section>
  );
});

export default ReturnsScreen;
