import { DatePicker } from 'antd';
import type { ComponentProps } from 'react';

type RangePickerProps = ComponentProps<typeof DatePicker.RangePicker>;

/**
 * A date range as one field of a form (inside a `Form.Item` with a label): the item's label names the first input, which
 * antd links by the item's id; the second input gets a label of its own (`endLabel`, for screen readers; its placeholder
 * shows the same words). Without it the second input was named only by its placeholder and by the help text the item
 * describes both inputs with (axe `label-title-only` on "Joined until").
 */
export function DateRangeField({
  id,
  endLabel,
  ...rest
}: Omit<RangePickerProps, 'id'> & { id?: string; endLabel: string }) {
  const endId = id ? `${id}-end` : undefined;
  return (
    <>
      <DatePicker.RangePicker {...rest} id={{ start: id, end: endId }} />
      {endId ? (
        <label htmlFor={endId} className="visually-hidden">
          {endLabel}
        </label>
      ) : null}
    </>
  );
}
