import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Placeholder } from '../../../src/ui/shared/page-state';

describe('a loading placeholder', () => {
  it('keeps the skeleton, whose title bar antd draws as an empty h3, out of what a screen reader reads', () => {
    const html = renderToStaticMarkup(<Placeholder title paragraph={{ rows: 2 }} />);
    expect(html).toMatch(/^<div aria-hidden="true"><div class="ant-skeleton[^"]*ant-skeleton-active/);
    expect(html).toContain('<h3');
  });
});
