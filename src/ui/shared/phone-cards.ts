import type { TableColumnsType } from 'antd';
import type { TdHTMLAttributes } from 'react';

/**
 * A wide table shown as a list of cards on a phone (UI.md "phone tables as lists"): give the Table this class and its
 * columns through `labelled`; below 576 px the header row hides and each cell shows its column's title before it
 * (styles.css), so no action sits off-screen. Wider, the same table as before.
 */
export const PHONE_CARDS = 'phone-cards';

export function labelled<T>(columns: TableColumnsType<T>): TableColumnsType<T> {
  return columns.map((column) => ({
    ...column,
    onCell: (row: T, index?: number) =>
      ({
        ...(column.onCell?.(row, index) ?? {}),
        'data-label': typeof column.title === 'string' ? column.title : '',
      }) as TdHTMLAttributes<HTMLElement>,
  }));
}
