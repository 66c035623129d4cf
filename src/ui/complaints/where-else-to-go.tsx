import { Card, Typography } from 'antd';

/** SHe-Box, the central registry of Internal and Local Committees (IN-16). */
export const SHE_BOX_URL = 'https://shebox.wcd.gov.in';

/**
 * Where else a complainant in India can go (IN-16): SHe-Box and the Local Committee of their district. Shown on the
 * complainant's pages of a POSH case, signed in and through a receipt.
 */
export function WhereElseToGo() {
  return (
    <Card size="small" title="Where else you can go">
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        You can also complain through SHe-Box, the Government of India’s portal for complaints of sexual harassment at
        work:{' '}
        <Typography.Link href={SHE_BOX_URL} target="_blank" rel="noreferrer" underline>
          shebox.wcd.gov.in
        </Typography.Link>
        .
      </Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        Or go to the Local Committee of your district, set up by the District Officer: it hears complaints where there
        is no Internal Committee or the complaint is against the employer.
      </Typography.Paragraph>
    </Card>
  );
}
