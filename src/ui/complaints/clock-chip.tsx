import { Tag, Tooltip } from 'antd';
import type { ClockView } from '../../contracts/case/complaints.contract';

/** A statutory clock as a chip (UI.md): green with days left, amber within 7 days, red when missed; the rule on hover or focus. */
export function ClockChip({ clock }: { clock: ClockView }) {
  const color =
    clock.state === 'MISSED'
      ? 'red'
      : clock.state === 'DUE_SOON'
        ? 'orange'
        : clock.state === 'RUNNING'
          ? 'green'
          : 'default';
  const words =
    clock.state === 'NOT_STARTED'
      ? 'not started'
      : clock.state === 'MET'
        ? `met ${clock.metOn ?? ''}`.trim()
        : clock.state === 'MET_LATE'
          ? `met late ${clock.metOn ?? ''}`.trim()
          : clock.state === 'MISSED'
            ? `missed by ${Math.abs(clock.daysLeft ?? 0)} days`
            : `${clock.daysLeft} days left (due ${clock.dueOn})`;
  return (
    <Tooltip title={clock.source}>
      <Tag color={color} tabIndex={0} style={{ whiteSpace: 'normal', marginBottom: 4 }} data-clock={clock.id}>
        {clock.label}: {words}
      </Tag>
    </Tooltip>
  );
}
