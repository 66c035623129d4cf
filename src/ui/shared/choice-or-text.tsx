import { Select, Typography, type SelectProps } from 'antd';

type Option = { value: string; label: string };

/**
 * A form control for a choice that may have only one option (a business-unit admin's one unit): a Select when
 * there is something to choose, the chosen option's name as text when there is not (UI.md: no picker with a
 * single entry). Used inside an antd `Form.Item`, which passes `id`, `value` and `onChange`.
 */
export function ChoiceOrText({
  options,
  value,
  id,
  ...select
}: Omit<SelectProps<string>, 'options'> & { options: Option[] }) {
  if (isSingleChoice(options, value)) {
    return (
      <Typography.Text id={id} strong>
        {options[0]!.label}
      </Typography.Text>
    );
  }
  return <Select<string> id={id} options={options} value={value} {...select} />;
}

/** Whether `ChoiceOrText` shows text: one option, already chosen. For view-models and tests. */
export function isSingleChoice(options: readonly Option[], value: string | null | undefined): boolean {
  return options.length === 1 && value === options[0]!.value;
}
