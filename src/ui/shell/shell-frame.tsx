import { Button, Drawer, Grid, Layout, Menu, type MenuProps } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { Link } from 'react-router';
import { tr } from '../i18n/i18n';

export interface ShellMenuEntry {
  key: string;
  label: string;
  path: string;
}

export interface ShellMenu {
  /** The navigation landmark's name ("Main", "Platform"). */
  label: string;
  /** The menu's blocks: a group under its heading, or (title null) entries that stand alone. */
  sections: { key: string; title: string | null; items: ShellMenuEntry[] }[];
  selected: string | undefined;
}

/**
 * antd's Menu drawn as site navigation, not as an application menu: each entry is a real link (open in a new tab,
 * copy its address), so the items and the list drop the `menu`/`menuitem` roles (a link inside a `menuitem` is a
 * nested control to a screen reader); each group's title is a heading, so a screen reader can jump between areas.
 */
type MenuEntry = NonNullable<MenuProps['items']>[number];

function menuItems(menu: ShellMenu, onFollow: () => void): MenuEntry[] {
  // `role: null` is passed on to the item (rc-menu draws it as role="none"); antd's item type does not list it.
  const entry = (item: ShellMenuEntry): MenuEntry =>
    ({
      key: item.key,
      role: null,
      label: (
        <Link to={item.path} onClick={onFollow} aria-current={item.key === menu.selected ? 'page' : undefined}>
          {item.label}
        </Link>
      ),
    }) as MenuEntry;
  return menu.sections.flatMap((section): MenuEntry[] =>
    section.title === null
      ? section.items.map(entry)
      : [
          {
            type: 'group',
            key: `group-${section.key}`,
            label: <h2 className="shell-menu-heading">{section.title}</h2>,
            children: section.items.map(entry),
          },
        ],
  );
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
        role="none"
        tabIndex={-1}
        className="shell-menu"
        selectedKeys={menu.selected ? [menu.selected] : []}
        items={menuItems(menu, () => setOpen(false))}
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
