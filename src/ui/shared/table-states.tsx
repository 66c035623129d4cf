import { Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * A table's loading and empty states (UI.md, States): while an answer is awaited and no row is shown, a skeleton
 * in the table's place; the empty sentence only once loaded and empty; the spinner only over rows already shown
 * (a new page or sort). Never the empty sentence under a spinner. Spread into antd's `Table`.
 */
export function tableStates(
  loading: boolean,
  rowCount: number,
  empty: ReactNode,
): { loading: boolean; locale: { emptyText: ReactNode } } {
  return {
    loading: loading && rowCount > 0,
    locale: {
      emptyText: loading ? (
        <div role="status" aria-label="Loading">
          <Skeleton active title={false} paragraph={{ rows: 4 }} />
        </div>
      ) : typeof empty === 'string' ? (
        // antd draws the empty cell in its disabled grey (1.83:1); a sentence people must read takes the secondary text colour.
        <Typography.Text type="secondary">{empty}</Typography.Text>
      ) : (
        empty
      ),
    },
  };
}
