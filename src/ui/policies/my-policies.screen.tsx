import { Card, Pagination, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { tr } from '../i18n/i18n';
import { useViewModel } from '../shared/container-context';
import { EmptyState, LoadError, Placeholder } from '../shared/page-state';
import { AcceptedPoliciesViewModel } from './accepted-policies.view-model';

/** "My policies": each policy version the person accepted, when, and a link to read that version again. */
export const MyPoliciesScreen = observer(function MyPoliciesScreen() {
  const vm = useViewModel(AcceptedPoliciesViewModel);
  useEffect(() => {
    void vm.load(1);
  }, [vm]);
  const { list } = vm;
  return (
    <section aria-labelledby="my-policies-title" className="document-page">
      <Typography.Title level={1} id="my-policies-title" style={{ fontSize: 26 }}>
        {tr('myPolicies.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{tr('myPolicies.lead')}</Typography.Paragraph>
      {list.status === 'loading' && list.items.length === 0 ? (
        <div role="status" aria-label={tr('myPolicies.loading')}>
          <Card>
            <Placeholder title paragraph={{ rows: 2 }} />
          </Card>
        </div>
      ) : null}
      {list.status === 'error' ? <LoadError message={list.error ?? ''} onRetry={() => void vm.load()} /> : null}
      {list.status === 'ready' && list.total === 0 ? (
        <EmptyState title={tr('myPolicies.empty')}>
          <Typography.Text type="secondary">
            {tr('myPolicies.emptyBefore')}
            <Link to="/dashboard" style={{ textDecoration: 'underline' }}>
              {tr('myPolicies.emptyLink')}
            </Link>
          </Typography.Text>
        </EmptyState>
      ) : null}
      {list.items.length > 0 ? (
        <ul className="accepted-policies" aria-label={tr('myPolicies.listLabel')}>
          {vm.rows.map((row) => (
            <li key={row.key}>
              <Card size="small">
                <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }}>
                  {row.title}
                </Typography.Title>
                <div className="accepted-policy-facts">
                  <Tag>{row.version}</Tag>
                  <Typography.Text>{row.accepted}</Typography.Text>
                  {row.newer ? <Tag color="gold">{row.newer}</Tag> : null}
                </div>
                <div className="accepted-policy-links">
                  <Link to={row.readPath}>{row.readLabel}</Link>
                  {row.currentPath ? <Link to={row.currentPath}>{tr('myPolicies.readNew')}</Link> : null}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      ) : null}
      {list.total > list.pageSize ? (
        <Pagination
          current={list.page}
          pageSize={list.pageSize}
          total={list.total}
          showSizeChanger={false}
          onChange={(page) => void vm.load(page)}
          style={{ marginTop: 16 }}
        />
      ) : null}
    </section>
  );
});

export default MyPoliciesScreen;
