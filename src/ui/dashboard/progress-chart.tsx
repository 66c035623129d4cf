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
  const height = Math.max(120, 48 + data.length * 36);
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
          <YAxis type="category" dataKey="label" width={110} tick={{ fontSize: 12 }} interval={0} />
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
