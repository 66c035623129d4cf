import { Grid, Select, Tabs, type TabsProps } from 'antd';
import { useState } from 'react';

type Item = NonNullable<TabsProps['items']>[number];

/**
 * Tabs that never wrap or hide a part behind "more" on a phone (UI.md): below 576 px the tab list becomes one select
 * named `label` ("Part of the case"), and the chosen part shows under it; wider, plain antd Tabs.
 */
export function PhoneTabs({
  items,
  label,
  onChange,
  size,
}: {
  items: Item[];
  label: string;
  onChange?: (key: string) => void;
  size?: TabsProps['size'];
}) {
  const screens = Grid.useBreakpoint();
  const [active, setActive] = useState<string>(items[0]?.key ?? '');
  const current = items.some((i) => i.key === active) ? active : (items[0]?.key ?? '');
  const choose = (key: string) => {
    setActive(key);
    onChange?.(key);
  };
  const phone = screens.sm === false;
  return (
    <Tabs
      size={size}
      activeKey={current}
      onChange={choose}
      items={items}
      renderTabBar={
        phone
          ? () => (
              <Select
                aria-label={label}
                value={current}
                onChange={choose}
                style={{ width: '100%', marginBottom: 12 }}
                size="large"
                options={items.map((i) => ({ value: i.key, label: i.label }))}
              />
            )
          : undefined
      }
    />
  );
}
