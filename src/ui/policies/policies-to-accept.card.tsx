import { Card, Col, Row, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useViewModel } from '../shared/container-context';
import { MyPoliciesViewModel } from './policy-reader.view-model';

/** "Policies to accept" on the home page: one card per policy still to accept, with its due date. */
export const PoliciesToAcceptCard = observer(function PoliciesToAcceptCard() {
  const vm = useViewModel(MyPoliciesViewModel);
  useEffect(() => {
    void vm.load();
  }, [vm]);
  if (vm.status !== 'ready') return null;
  const waiting = vm.items.filter((p) => p.state !== 'ACCEPTED');
  return (
    <section aria-labelledby="policies-to-accept" style={{ marginBottom: 24 }}>
      <Typography.Title level={2} id="policies-to-accept" style={{ fontSize: 20 }}>
        Policies to accept
      </Typography.Title>
      {waiting.length === 0 ? (
        <Typography.Paragraph type="secondary">You have accepted every policy you were given.</Typography.Paragraph>
      ) : (
        <Row gutter={[16, 16]}>
          {waiting.map((p) => (
            <Col xs={24} md={12} key={p.id}>
              <Card title={p.title}>
                <Typography.Paragraph>
                  {p.dueOn ? <Tag color={p.state === 'OVERDUE' ? 'red' : 'blue'}>{p.state === 'OVERDUE' ? `Late: was due ${p.dueOn}` : `Due ${p.dueOn}`}</Tag> : null}
                  {p.acceptedVersion ? <Tag>New version {p.currentVersion}</Tag> : null}
                </Typography.Paragraph>
                <Link to={`/policies/read/${p.id}`} className="ant-btn ant-btn-primary ant-btn-lg" aria-label={`Read and accept ${p.title}`}>
                  Read and accept
                </Link>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </section>
  );
});

export default PoliciesToAcceptCard;
