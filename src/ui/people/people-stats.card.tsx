import { Card, Col, List, Row, Statistic, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useViewModel } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { PeopleStatsViewModel } from './people-stats.view-model';

/** People in numbers, for the admin dashboard. */
export const PeopleStatsCard = observer(function PeopleStatsCard() {
  const vm = useViewModel(PeopleStatsViewModel);
  useEffect(() => {
    void vm.load();
  }, [vm]);
  const stats = vm.stats.value;
  return (
    <Card title="Your people" extra={<Link to="/people">Open the directory</Link>} style={{ marginBottom: 16 }}>
      {vm.stats.status === 'loading' && !stats && <Loading label="Counting" />}
      {vm.stats.status === 'error' && <LoadError message={vm.stats.error ?? ''} onRetry={() => void vm.load()} />}
      {stats && (
        <Row gutter={[16, 16]}>
          <Col xs={12} md={4}>
            <Statistic title="People" value={stats.total} />
          </Col>
          <Col xs={12} md={4}>
            <Statistic title="Active" value={stats.byStatus.ACTIVE ?? 0} />
          </Col>
          <Col xs={12} md={4}>
            <Statistic title="Invited" value={stats.byStatus.INVITED ?? 0} />
          </Col>
          <Col xs={12} md={4}>
            <Statistic title="Deactivated" value={stats.byStatus.INACTIVE ?? 0} />
          </Col>
          <Col xs={24} md={8}>
            <Typography.Text type="secondary">By business unit</Typography.Text>
            <List
              size="small"
              dataSource={vm.units}
              rowKey="key"
              locale={{ emptyText: 'Nobody yet' }}
              renderItem={(unit) => <List.Item>{unit.label}</List.Item>}
            />
          </Col>
        </Row>
      )}
    </Card>
  );
});

export default PeopleStatsCard;
