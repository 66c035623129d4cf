import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** One bar: a group's rows split into done, late and the rest. */
export interface ProgressDatum {
  label: string;
  done: number;
  late: number;
  rest: number;
}

/** Colours with at least 3:1 against white (WCAG's contrast for graphics), told apart by the legend too. */
const COLOURS = { done: '#237804', late: '#cf1322', rest: '#8c8c8c' } as const;

/**
 * A group's name as the axis shows it: in two lines at most: whole when short, else cut at a word before 34 letters with an
 * ellipsis (long course names would otherwise wrap into each other's rows). The tooltip and the table view give the whole name.
 */
export function shortLabel(label: string): string {
  if (label.length <= 34) return label;
  const cut = label.slice(0, 33);
  const space = cut.lastIndexOf(' ');
  return `${(space > 16 ? cut.slice(0, space) : cut).replace(/[\s:,.(-]+$/, '')}…`;
}

/**
 * A stacked horizontal bar per group (business unit, course, policy). Loaded on its own (a dynamic import of the
 * dashboard), so the charting library is paid for only by the pages that draw a chart. Decorative for assistive
 * technology: the same figures are in the table beside it.
 */
export default function ProgressChart({
  data,
  labels,
}: {
  data: ProgressDatum[];
  labels: { done: string; late: string; rest: string };
}) {
  const height = Math.max(120, 48 + data.length * 44);
  return (
    <div aria-hidden="true" style={{ width: '100%', height }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          accessibilityLayer={false}
          data={data}
          layout="vertical"
          margin={{ top: 4, right: 16, bottom: 4, left: 4 }}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} />
          <YAxis
            type="category"
            dataKey="label"
            width={150}
            tick={{ fontSize: 12 }}
            interval={0}
            tickFormatter={shortLabel}
          />
          <Tooltip />
          <Legend />
          <Bar dataKey="done" name={labels.done} stackId="rows" fill={COLOURS.done} isAnimationActive={false} />
          <Bar dataKey="late" name={labels.late} stackId="rows" fill={COLOURS.late} isAnimationActive={false} />
          <Bar dataKey="rest" name={labels.rest} stackId="rows" fill={COLOURS.rest} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
