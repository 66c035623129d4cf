import { Skeleton, Typography } from 'antd';
import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import { tableStates } from '../../src/ui/shared/table-states';

describe('tableStates: a table never says it is empty while it is loading', () => {
  it('shows a skeleton, and no spinner over it, while the first answer is awaited', () => {
    const states = tableStates(true, 0, 'No events yet');
    expect(states.loading).toBe(false);
    expect(states.locale.emptyText).not.toBe('No events yet');
    const shown = states.locale.emptyText;
    expect(
      isValidElement<{ children: unknown }>(shown) && isValidElement(shown.props.children) && shown.props.children.type,
    ).toBe(Skeleton);
  });

  it('says it is empty only once loaded and empty, in a colour that can be read (not antd’s disabled grey)', () => {
    const states = tableStates(false, 0, 'No events yet');
    expect(states.loading).toBe(false);
    const shown = states.locale.emptyText;
    expect(isValidElement<{ children: unknown; type?: string }>(shown) && shown.type).toBe(Typography.Text);
    expect(
      isValidElement<{ children: unknown; type?: string }>(shown) && [shown.props.type, shown.props.children],
    ).toEqual(['secondary', 'No events yet']);
  });

  it('spins over the rows already shown while the next page loads', () => {
    expect(tableStates(true, 20, 'No events yet').loading).toBe(true);
  });
});
