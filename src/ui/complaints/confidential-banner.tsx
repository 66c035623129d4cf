import { Alert } from 'antd';

/** The thin banner of every case page (UI.md). */
export function ConfidentialBanner() {
  return <Alert type="info" showIcon banner message="Confidential: every view is recorded." style={{ marginBottom: 16 }} />;
}
