import { Card, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useViewModel } from '../shared/container-context';
import { PartyReportViewModel } from './party-report.view-model';

/**
 * CA-06 on a party's case page: the investigator's report once final, as each party receives it (it names nobody).
 */
export const PartyReportCard = observer(function PartyReportCard({ complaintId }: { complaintId: string }) {
  const vm = useViewModel(PartyReportViewModel);
  useEffect(() => {
    void vm.load(complaintId);
  }, [vm, complaintId]);
  const r = vm.report;
  if (!r) return null;
  return (
    <Card
      title="The investigator’s report"
      size="small"
      style={{ marginBottom: 16 }}
      role="region"
      aria-label="The investigator’s report"
    >
      <Typography.Paragraph type="secondary">
        Final on {new Date(r.finalAt).toLocaleDateString()}. It names nobody; the employer and the committee choose
        together which recommendations to implement.
      </Typography.Paragraph>
      <Typography.Title level={3}>Description</Typography.Title>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{r.description}</Typography.Paragraph>
      <Typography.Title level={3}>Conclusions</Typography.Title>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{r.conclusions}</Typography.Paragraph>
      <Typography.Title level={3}>Recommendations</Typography.Title>
      {r.recommendations.length > 0 ? (
        <ol>
          {r.recommendations.map((text, i) => (
            <li key={i}>{text}</li>
          ))}
        </ol>
      ) : (
        <Typography.Paragraph>The report makes no recommendation.</Typography.Paragraph>
      )}
    </Card>
  );
});
