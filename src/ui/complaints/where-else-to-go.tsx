import { Card, Typography } from 'antd';
import { tr } from '../i18n/i18n';

/** SHe-Box, the central registry of Internal and Local Committees (IN-16). */
export const SHE_BOX_URL = 'https://shebox.wcd.gov.in';

/**
 * Where else a complainant in India can go (IN-16): SHe-Box and the Local Committee of their district. Shown on the
 * complainant's pages of a POSH case, signed in and through a receipt.
 */
export function WhereElseToGo() {
  return (
    <Card size="small" title={tr('case.elsewhereTitle')} style={{ marginBottom: 16 }}>
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        {tr('case.elsewhereSheBox')}{' '}
        <Typography.Link href={SHE_BOX_URL} target="_blank" rel="noreferrer" underline>
          {SHE_BOX_URL.replace('https://', '')}
        </Typography.Link>
        .
      </Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 0 }}>{tr('case.elsewhereLocal')}</Typography.Paragraph>
    </Card>
  );
}
