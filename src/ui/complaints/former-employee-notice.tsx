import { Card, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import type { ComplaintDetail } from '../../contracts/case/complaints.contract';
import { formerEmployeeLastDay } from '../../domain/complaints/former-employee';
import type { DateTimeSettings } from '../../domain/shared/date-time';
import { clockDay } from './clock-chip';

const GROUND = { TRAUMA: 'trauma', HEALTH: 'ill health' } as const;

/**
 * CA-01 on a Canadian case's page (the designated recipients'): the notice came from a former employee, the day they
 * left, and, past the 3 months, the extension it relied on (trauma or ill health) with their reason.
 */
export const FormerEmployeeNotice = observer(function FormerEmployeeNotice({
  detail,
  dateTime,
}: {
  detail: ComplaintDetail;
  dateTime: DateTimeSettings;
}) {
  const notice = detail.formerEmployee;
  if (detail.compliance !== 'CA_FEDERAL' || !notice) return null;
  const day = (d: string) => clockDay(d, dateTime);
  return (
    <Card title="A former employee’s notice (CA-01)" size="small" style={{ marginBottom: 16 }}>
      <section aria-label="A former employee’s notice (CA-01)">
        <Typography.Paragraph style={{ marginBottom: notice.lateFor ? undefined : 0 }}>
          The principal party left the employer on {day(notice.leftOn)}: notice was due by{' '}
          {day(formerEmployeeLastDay(notice.leftOn))}.
        </Typography.Paragraph>
        {notice.lateFor ? (
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            Given later, on the extension for {GROUND[notice.lateFor]}: “{notice.lateReason}”.
          </Typography.Paragraph>
        ) : null}
      </section>
    </Card>
  );
});
