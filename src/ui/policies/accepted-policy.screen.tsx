import { Alert, Space, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { tr } from '../i18n/i18n';
import { useViewModel } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { PdfViewer } from '../shared/pdf-viewer/pdf-viewer';
import { AcceptedPolicyViewModel } from './accepted-policy.view-model';

/** A policy version the person accepted, read again in the same viewer (nothing to accept here). */
export const AcceptedPolicyScreen = observer(function AcceptedPolicyScreen() {
  const { policyId = '', version = '' } = useParams();
  const vm = useViewModel(AcceptedPolicyViewModel);
  useEffect(() => {
    void vm.load(policyId, Number(version));
    return () => vm.dispose();
  }, [vm, policyId, version]);
  const { accepted, row } = vm;
  return (
    <section aria-labelledby="accepted-policy-title" className="document-page">
      <Link to="/policies/mine">{tr('myPolicies.back')}</Link>
      {vm.status === 'loading' && !accepted ? <Loading label={tr('policies.opening')} /> : null}
      {vm.status === 'error' ? (
        <LoadError message={vm.error ?? ''} onRetry={() => void vm.load(policyId, Number(version))} />
      ) : null}
      {vm.status !== 'error' && accepted && row ? (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Title level={1} id="accepted-policy-title" style={{ fontSize: 26, marginBottom: 0 }}>
            {accepted.title}
          </Typography.Title>
          <Space wrap>
            <Tag>{row.version}</Tag>
            <Tag color="green">{row.accepted}</Tag>
          </Space>
          {row.newer && row.currentPath ? (
            <Alert
              type="warning"
              showIcon
              title={`${row.newer}.`}
              description={<Link to={row.currentPath}>{tr('myPolicies.readNew')}</Link>}
            />
          ) : null}
          {vm.documentError ? (
            <LoadError message={vm.documentError} onRetry={() => void vm.retryDocument()} />
          ) : (
            <PdfViewer
              source={vm.source}
              title={tr('policies.documentTitle', { title: accepted.title, version: accepted.version })}
              download={
                vm.downloadUrl ? { href: vm.downloadUrl, fileName: `${accepted.title} v${accepted.version}.pdf` } : null
              }
            />
          )}
        </Space>
      ) : null}
    </section>
  );
});

export default AcceptedPolicyScreen;
