import { Card, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { showDate, tr } from '../i18n/i18n';
import { useViewModel } from '../shared/container-context';
import { PartyReportViewModel } from './party-report.view-model';

/**
 * CA-06 on a party's case page: the investigator's report once final, as each party receives it (it names nobody),
 * in the reader's language (the report's own text is as the investigator wrote it).
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
      // The report's title an h2 under the page's h1, so its parts' h3s keep the headings in order.
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 14 }}>
          {tr('case.reportTitle')}
        </Typography.Title>
      }
      size="small"
      style={{ marginBottom: 16 }}
      role="region"
      aria-label={tr('case.reportTitle')}
    >
      <Typography.Paragraph type="secondary">
        {tr('case.reportFinal', { date: showDate(r.finalAt) })}
      </Typography.Paragraph>
      <Typography.Title level={3}>{tr('case.reportDescription')}</Typography.Title>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{r.description}</Typography.Paragraph>
      <Typography.Title level={3}>{tr('case.reportConclusions')}</Typography.Title>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{r.conclusions}</Typography.Paragraph>
      <Typography.Title level={3}>{tr('case.reportRecommendations')}</Typography.Title>
      {r.recommendations.length > 0 ? (
        <ol>
          {r.recommendations.map((text, i) => (
            <li key={i}>{text}</li>
          ))}
        </ol>
      ) : (
        <Typography.Paragraph>{tr('case.reportNone')}</Typography.Paragraph>
      )}
    </Card>
  );
});
