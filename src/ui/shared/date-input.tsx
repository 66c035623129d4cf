import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { CSSProperties, FormEvent } from 'react';
import { dateInputFormats } from '../i18n/i18n';

dayjs.extend(customParseFormat);

export interface DateInputProps {
  id?: string;
  /** The day as the API carries it (`YYYY-MM-DD`), or empty. */
  value?: string | null;
  /** The chosen day as `YYYY-MM-DD`, or `''` when cleared. */
  onChange?: (value: string) => void;
  /** The first and last days that may be chosen (`YYYY-MM-DD`). */
  min?: string;
  max?: string;
  disabled?: boolean;
  style?: CSSProperties;
  'aria-label'?: string;
  'aria-describedby'?: string;
}

const ISO = 'YYYY-MM-DD';

/**
 * The one date field (UI.md "Dates and times"): antd's DatePicker showing and taking the day in the workspace's
 * country's order (`29/11/2026` in India, never the browser's `mm/dd/yyyy`), while the form and the API keep the
 * ISO day. A drop-in for a form field: `value` and `onChange` are ISO strings, as a native date input's were.
 */
export function DateInput({ value, onChange, min, max, style, ...rest }: DateInputProps) {
  const formats = dateInputFormats();
  const day = value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayjs(value) : null;
  const allowed = (d: Dayjs) =>
    (min === undefined || d.format(ISO) >= min) && (max === undefined || d.format(ISO) <= max);
  // A typed day counts as soon as it is whole and valid, as a native field's did: the picker itself would only take
  // it on Enter or once it lost focus, after a click on "Save" had already read the old value.
  const typed = (event: FormEvent<HTMLSpanElement>) => {
    const text = (event.target as HTMLInputElement).value?.trim() ?? '';
    if (text === '') return onChange?.('');
    const parsed = dayjs(text, formats, true);
    if (parsed.isValid() && allowed(parsed) && parsed.format(ISO) !== value) onChange?.(parsed.format(ISO));
  };
  return (
    <span onInput={typed} style={{ display: 'inline-block', maxWidth: '100%' }}>
      <DatePicker
        {...rest}
        value={day?.isValid() ? day : null}
        format={formats}
        placeholder={formats[0]!.toLowerCase()}
        disabledDate={min || max ? (d: Dayjs) => !allowed(d) : undefined}
        onChange={(d: Dayjs | null) => onChange?.(d ? d.format(ISO) : '')}
        style={{ width: 200, maxWidth: '100%', ...style }}
      />
    </span>
  );
}
