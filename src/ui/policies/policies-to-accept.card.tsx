import { Card, Col, Row, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { showDate, tr } from '../i18n/i18n';
import { useViewModel } from '../shared/container-context';
import { MyPoliciesViewModel } from './my-policies.view-model';

/** "Policies to accept" on the home page: one card per policy still to accept, with its due date. */
export const PoliciesToAcceptCard = observer(function PoliciesToAcceptCard() {
  const vm = useViewModel(MyPoliciesViewModel);
  useEffect(() => {
    void vm.load();
  }, [vm]);
  if (!vm.items.ready) return null;
  const waiting = vm.items.value.filter((p) => p.state !== 'ACCEPTED');
  return (
    <section aria-labelledby="policies-to-accept" style={{ marginBottom: 24 }}>
      <Typography.Title level={2} id="policies-to-accept" style={{ fontSize: 20 }}>
        {tr('policies.toAccept')}
      </Typography.Title>
      {waiting.length === 0 ? (
        <Typography.Paragraph type="secondary">{tr('policies.allAccepted')}</Typography.Paragraph>
      ) : (
        <Row gutter={[16, 16]}>
          {waiting.map((p) => (
            <Col xs={24} md={12} key={p.id}>
              <Card title={p.title}>
                <Typography.Paragraph>
                  {p.dueOn ? (
                    <Tag color={p.state === 'OVERDUE' ? 'red' : 'blue'}>
                      {tr(p.state === 'OVERDUE' ? 'policies.late' : 'policies.due', { date: showDate(p.dueOn) })}
                    </Tag>
                  ) : null}
                  {p.acceptedVersion ? <Tag>{tr('policies.newVersion', { version: p.currentVersion })}</Tag> : null}
                </Typography.Paragraph>
                <Link
                  to={`/policies/read/${p.id}`}
                  className="ant-btn ant-btn-primary ant-btn-lg"
                  aria-label={tr('policies.readAndAcceptTitle', { title: p.title })}
                >
                  {tr('policies.readAndAccept')}
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
