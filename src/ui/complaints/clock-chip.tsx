import { Tag, Tooltip } from 'antd';
import type { ClockView } from '../../contracts/case/complaints.contract';
import { formatDate, type DateTimeSettings } from '../../domain/shared/date-time';

/** Where no workspace's settings are at hand, a calendar day is still written as a day (`2 Dec 2026`), never ISO. */
const DAY_ONLY: DateTimeSettings = { zone: 'UTC', locale: 'en-IN' };

/** A clock's day (`YYYY-MM-DD`, a day of the workspace's calendar) as the workspace writes it. */
export function clockDay(day: string | null | undefined, settings: DateTimeSettings = DAY_ONLY): string {
  return day ? formatDate(day, settings) : '';
}

/**
 * A statutory clock as a chip (UI.md): green with days left, amber within 7 days, red when missed; the rule on hover or
 * focus. Days are written as the workspace writes them; `data-due` keeps the ISO day for tests and tools.
 */
export function ClockChip({ clock, dateTime }: { clock: ClockView; dateTime?: DateTimeSettings }) {
  const day = (value: string | null | undefined) => clockDay(value, dateTime);
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
        ? `met ${day(clock.metOn)}`.trim()
        : clock.state === 'MET_LATE'
          ? `met late ${day(clock.metOn)}`.trim()
          : clock.state === 'MISSED'
            ? `missed by ${Math.abs(clock.daysLeft ?? 0)} days`
            : `${clock.daysLeft} days left (due ${day(clock.dueOn)})`;
  return (
    <Tooltip title={clock.source}>
      <Tag
        color={color}
        tabIndex={0}
        style={{ whiteSpace: 'normal', marginBottom: 4 }}
        data-clock={clock.id}
        data-due={clock.dueOn ?? undefined}
      >
        {clock.label}: {words}
      </Tag>
    </Tooltip>
  );
}
