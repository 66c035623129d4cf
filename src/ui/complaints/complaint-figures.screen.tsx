import { Card, Col, Row, Statistic, Table, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { ComplaintCounts } from '../../contracts/case/complaints.contract';
import { useViewModel } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { labelled, PHONE_CARDS } from '../shared/phone-cards';
import { ComplaintFiguresViewModel } from './complaint-figures.view-model';

type ClockRow = ComplaintCounts['clocks'][number];

export const ComplaintFiguresScreen = observer(function ComplaintFiguresScreen() {
  const vm = useViewModel(ComplaintFiguresViewModel);
  useEffect(() => {
    void vm.load();
  }, [vm]);
  const c = vm.counts.value;
  return (
    <section aria-labelledby="figures-title">
      <Typography.Title level={1} id="figures-title">
        Complaint figures
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Counts and statutory clocks of your workspace’s complaints. Names and contents stay with the Internal Committee
        (POSH Act s.16): unless you sit on it, you see numbers only.
      </Typography.Paragraph>
      {vm.counts.status === 'loading' && !c ? <Loading label="Loading figures" /> : null}
      {vm.counts.status === 'error' ? (
        <LoadError message={vm.counts.error ?? ''} onRetry={() => void vm.load()} />
      ) : null}
      {c ? (
        <>
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
            {[
              ['All complaints', c.total],
              ['Open', c.open],
              ['Closed', c.closed],
              ['Filed late', c.lateFilings],
              ['Pending over 90 days', c.pendingOver90Days],
              ['With a missed clock', c.casesWithMissedClock ?? 0],
              ['Escalated', c.escalatedCases ?? 0],
              ['Escalated twice', c.escalatedCasesLevel2 ?? 0],
            ].map(([label, value]) => (
              <Col key={label} xs={12} md={8} lg={4}>
                <Card>
                  <Statistic title={label} value={value} />
                </Card>
              </Col>
            ))}
          </Row>
          <Typography.Title level={2}>Clocks of the open cases</Typography.Title>
          {c.clocks.length === 0 ? (
            <Typography.Paragraph>No open cases, so no clock is running.</Typography.Paragraph>
          ) : null}
          {c.clocks.length > 0 ? (
            // On a phone one card per clock (phone tables as lists): plain text in a table that scrolled sideways
            // was a scrolling region a keyboard could not reach (axe scrollable-region-focusable).
            <Table<ClockRow>
              aria-label="Clocks of the open cases"
              className={PHONE_CARDS}
              rowKey="id"
              dataSource={c.clocks}
              pagination={false}
              scroll={{ x: 'max-content' }}
              columns={labelled<ClockRow>([
                { title: 'Clock', dataIndex: 'label' },
                { title: 'Running', dataIndex: 'running' },
                { title: 'Due within 7 days', dataIndex: 'dueSoon' },
                { title: 'Missed', dataIndex: 'missed' },
              ])}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
});

export default ComplaintFiguresScreen;
