import { Button, Drawer, Grid, Layout, Menu } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { tr } from '../i18n/i18n';

export interface ShellMenu {
  /** The navigation landmark's name ("Main", "Platform"). */
  label: string;
  items: { key: string; label: string }[];
  selected: string | undefined;
  onSelect(key: string): void;
}

/**
 * The signed-in frame shared by the workspace and the platform console: a side menu at a desk, and on a phone or
 * a narrow window (below antd's `lg`, 992 px) a header with a menu button that opens the same menu in a drawer,
 * so that nothing is squeezed or scrolls sideways at 360 px.
 */
export function ShellFrame({
  brand,
  brandStyle,
  menu,
  header,
  headerStyle,
  children,
}: {
  brand: ReactNode;
  brandStyle?: CSSProperties;
  menu: ShellMenu;
  header: ReactNode;
  headerStyle?: CSSProperties;
  children: ReactNode;
}) {
  const screens = Grid.useBreakpoint();
  const compact = screens.lg !== true;
  const [open, setOpen] = useState(false);

  const navigation = (
    <nav aria-label={menu.label}>
      <Menu
        mode="inline"
        selectedKeys={menu.selected ? [menu.selected] : []}
        items={menu.items}
        onClick={({ key }) => {
          setOpen(false);
          menu.onSelect(key);
        }}
      />
    </nav>
  );
  const brandCorner = (
    <div className="shell-brand" style={brandStyle}>
      {brand}
    </div>
  );

  return (
    <Layout className={compact ? 'shell shell-compact' : 'shell'} style={{ minHeight: '100vh' }}>
      {compact ? null : (
        <Layout.Sider theme="light" width={232}>
          {brandCorner}
          {navigation}
        </Layout.Sider>
      )}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header className="shell-header" style={headerStyle}>
          {compact ? (
            <Button
              type="text"
              className="shell-menu-button"
              icon={<MenuOutlined />}
              aria-label={tr('menu.menu')}
              aria-expanded={open}
              aria-controls="shell-menu-drawer"
              onClick={() => setOpen(true)}
            />
          ) : null}
          {header}
        </Layout.Header>
        <Layout.Content className="shell-content">{children}</Layout.Content>
      </Layout>
      {compact ? (
        <Drawer
          id="shell-menu-drawer"
          placement="left"
          open={open}
          onClose={() => setOpen(false)}
          size={280}
          title={menu.label === 'Main' ? tr('menu.menu') : `${menu.label} menu`}
          styles={{ body: { padding: 0 } }}
        >
          {brandCorner}
          {navigation}
        </Drawer>
      ) : null}
    </Layout>
  );
}
