import { CheckCircleFilled, CloseCircleFilled, SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Card, Descriptions, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useViewModel } from '../shared/container-context';
import { LoadError, Placeholder } from '../shared/page-state';
import { VerifyCertificateViewModel } from './verify.view-model';

/**
 * The public certificate check (`/verify/{code}` on the workspace's host, no sign-in): every field the certificate
 * prints, so that an edited PDF is caught by comparing the two; nothing else about the person.
 */
export const VerifyScreen = observer(function VerifyScreen() {
  const { code = '' } = useParams();
  const vm = useViewModel(VerifyCertificateViewModel);
  useEffect(() => {
    void vm.load(code);
  }, [vm, code]);

  return (
    <main className="verify-page">
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        <SafetyCertificateOutlined aria-hidden /> Certificate check
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Compare what is printed on the certificate with what is recorded here. If any field differs, the certificate was
        changed.
      </Typography.Paragraph>
      {vm.status === 'loading' ? (
        <div role="status" aria-live="polite" aria-label="Checking the certificate">
          <Card>
            <Placeholder paragraph={{ rows: 6 }} />
          </Card>
        </div>
      ) : vm.status === 'error' ? (
        <LoadError message={vm.error ?? ''} onRetry={() => void vm.load(code)} />
      ) : vm.status === 'not-found' ? (
        <Alert
          type="error"
          showIcon
          icon={<CloseCircleFilled aria-hidden />}
          title="No certificate has this code"
          description={`Nothing was issued here with the code “${code}”. Check the code printed on the certificate, letter by letter; a certificate that cannot be found here was not issued by this organisation.`}
        />
      ) : vm.certificate ? (
        <Card>
          <div style={{ marginBottom: 16 }} role="status">
            {vm.certificate.valid ? (
              <Tag
                color="success"
                icon={<CheckCircleFilled aria-hidden />}
                style={{ fontSize: 15, padding: '4px 10px' }}
              >
                Valid certificate
              </Tag>
            ) : (
              <Tag color="error" icon={<CloseCircleFilled aria-hidden />} style={{ fontSize: 15, padding: '4px 10px' }}>
                No longer valid
              </Tag>
            )}
          </div>
          <Descriptions column={1} bordered size="small">
            {vm.rows.map((row) => (
              <Descriptions.Item key={row.label} label={row.label}>
                <span style={{ overflowWrap: 'anywhere' }}>{row.value}</span>
              </Descriptions.Item>
            ))}
          </Descriptions>
        </Card>
      ) : null}
    </main>
  );
});

export default VerifyScreen;
