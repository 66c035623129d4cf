import type { ReactNode } from 'react';

/**
 * A list row's title over its description, laid out as antd's `List.Item.Meta` (its class names, so its styles), with
 * the title in bold text instead of the `h4` antd draws: a row of a list is not a section of the page, and an `h4`
 * under a page's `h1` skips heading levels (axe `heading-order`).
 */
export function ListItemText({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <div className="ant-list-item-meta">
      <div className="ant-list-item-meta-content">
        <div className="ant-list-item-meta-title" style={{ fontWeight: 600 }}>
          {title}
        </div>
        {description ? <div className="ant-list-item-meta-description">{description}</div> : null}
      </div>
    </div>
  );
}
