import { Alert } from 'antd';

/** The thin banner of every case page (UI.md). */
export function ConfidentialBanner() {
  return (
    <Alert type="info" showIcon banner message="Confidential: every view is recorded." style={{ marginBottom: 16 }} />
  );
}

/** antd's List passes unknown props to its root: this makes a labelled list a named region (its type does not list `role`). */
export const REGION = { role: 'region' } as object;
