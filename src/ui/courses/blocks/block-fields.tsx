import { Form, Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * A labelled field of a block editor: the label is tied to the control by id (screen readers name it), the
 * contract's complaint shows under it, and under a translation the primary language's words show as what to
 * translate.
 */
export function Field({
  id,
  label,
  error,
  help,
  original,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  help?: ReactNode;
  /** The primary language's words for this field, shown while a translation is edited. */
  original?: string;
  children: ReactNode;
}) {
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      validateStatus={error ? 'error' : undefined}
      help={error ?? help}
      extra={original ? <OriginalText text={original} /> : undefined}
      style={{ marginBottom: 16 }}
    >
      {children}
    </Form.Item>
  );
}

export function OriginalText({ text }: { text: string }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 13 }}>
      In the primary language: <span lang="en">{text}</span>
    </Typography.Text>
  );
}

// In ./language-tags.ts (no antd: the light player entry uses it too).
export { LANGUAGE_TAGS } from './language-tags';
