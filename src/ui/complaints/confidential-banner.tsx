import { Alert } from 'antd';
import { tr } from '../i18n/i18n';

/** The thin banner of every case page (UI.md). */
export function ConfidentialBanner() {
  return <Alert type="info" showIcon banner message={tr('case.confidential')} style={{ marginBottom: 16 }} />;
}

/** antd's List passes unknown props to its root: this makes a labelled list a named region (its type does not list `role`). */
export const REGION = { role: 'region' } as object;
