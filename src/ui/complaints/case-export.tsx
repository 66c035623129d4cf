import { Alert, Button, Checkbox, Drawer, Form, Radio, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import type { ExportSection } from '../../contracts/case/case-records.contract';
import type { ComplaintDetail } from '../../contracts/case/complaints.contract';
import type { ComplaintCaseViewModel } from './complaint-case.view-model';

const SECTIONS: { value: ExportSection; label: string }[] = [
  { value: 'PARTIES', label: 'Parties (names and contact details)' },
  { value: 'INCIDENT', label: 'Incident (details, witnesses, answers)' },
  { value: 'CLOCKS', label: 'Statutory clocks' },
  { value: 'MESSAGES', label: 'All messages' },
  { value: 'MEETINGS', label: 'All meetings and minutes' },
  { value: 'STEPS', label: 'Steps' },
  { value: 'OUTCOME', label: 'Outcome' },
  { value: 'EVIDENCE', label: 'Evidence list' },
];

const excerpt = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);

function saveFile(name: string, content: Blob): void {
  const href = URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * The redacted export (docs/case.md "Records"), for the one presiding: a drawer to choose the purpose and what to
 * leave out (whole sections, or single messages, meetings and evidence files), then the PDF is downloaded.
 */
export const CaseExport = observer(function CaseExport({
  vm,
  detail,
}: {
  vm: ComplaintCaseViewModel;
  detail: ComplaintDetail;
}) {
  const [open, setOpen] = useState(false);
  const [purpose, setPurpose] = useState<'LEGAL_REVIEW' | 'APPEAL'>('LEGAL_REVIEW');
  const [sections, setSections] = useState<ExportSection[]>([]);
  const [items, setItems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const toggle = (id: string, on: boolean) => setItems((now) => (on ? [...now, id] : now.filter((i) => i !== id)));
  const itemBox = (id: string, label: string, section: ExportSection) =>
    sections.includes(section) ? null : (
      <Checkbox key={id} checked={items.includes(id)} onChange={(e) => toggle(id, e.target.checked)}>
        {label}
      </Checkbox>
    );

  const download = async () => {
    setBusy(true);
    const pdf = await vm.exportBundle({ purpose, redactSections: sections, redactItems: items });
    setBusy(false);
    if (pdf) {
      saveFile(`case-${detail.caseNumber}-${purpose === 'APPEAL' ? 'appeal' : 'legal-review'}.pdf`, pdf);
      setOpen(false);
    }
  };

  return (
    <>
      <Button onClick={() => setOpen(true)}>Export case file…</Button>
      <Drawer
        title="Export the case file"
        open={open}
        onClose={() => setOpen(false)}
        width="min(520px, 100vw)"
        destroyOnClose
      >
        <Form layout="vertical" aria-label="Export the case file" onFinish={() => void download()}>
          <Typography.Paragraph type="secondary">
            One PDF of the whole record. What you redact is left out of the file entirely, with a marked block in its
            place. The export is recorded in the access log.
          </Typography.Paragraph>
          <Form.Item label="Purpose">
            <Radio.Group value={purpose} onChange={(e) => setPurpose(e.target.value)} aria-label="Purpose">
              <Radio value="LEGAL_REVIEW">Legal review</Radio>
              <Radio value="APPEAL">Appeal</Radio>
            </Radio.Group>
          </Form.Item>
          <fieldset style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
            <legend style={{ fontSize: 14, fontWeight: 600 }}>Redact whole sections</legend>
            <Checkbox.Group
              value={sections}
              onChange={(v) => setSections(v as ExportSection[])}
              style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
            >
              {SECTIONS.map((s) => (
                <Checkbox key={s.value} value={s.value}>
                  {s.label}
                </Checkbox>
              ))}
            </Checkbox.Group>
          </fieldset>
          {detail.messages.length + detail.meetings.length + detail.evidence.length > 0 ? (
            <fieldset style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
              <legend style={{ fontSize: 14, fontWeight: 600 }}>Redact single items</legend>
              <Space direction="vertical">
                {detail.messages.map((m) => itemBox(m.messageId, `Message: ${excerpt(m.body)}`, 'MESSAGES'))}
                {detail.meetings.map((m) =>
                  itemBox(m.meetingId, `Meeting: ${m.title} (${m.startsAt.slice(0, 10)})`, 'MEETINGS'),
                )}
                {detail.evidence.map((f) => itemBox(f.fileId, `Evidence: ${f.fileName}`, 'EVIDENCE'))}
              </Space>
            </fieldset>
          ) : null}
          {vm.actionError ? (
            <Alert type="error" showIcon message={vm.actionError} style={{ marginBottom: 12 }} />
          ) : null}
          <Button type="primary" htmlType="submit" loading={busy}>
            Download PDF
          </Button>
        </Form>
      </Drawer>
    </>
  );
});
