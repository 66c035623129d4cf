import { Alert, Button, Checkbox, Space, Table, Tooltip, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { PermissionKey } from '../../domain/auth/permissions';
import { useViewModel } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { PermissionsViewModel } from './permissions.view-model';
import { tableStates } from '../shared/table-states';

type PermissionRow = { key: PermissionKey; label: string; description: string; roles: string[] };

/** Workspace admins switch areas on or off for employers, business-unit admins and employees. */
export const PermissionsScreen = observer(function PermissionsScreen() {
  const vm = useViewModel(PermissionsViewModel);
  useEffect(() => {
    void vm.load();
  }, [vm]);

  if (vm.status === 'loading' && !vm.matrix) return <Loading label="Loading permissions" />;
  if (vm.status === 'error') return <LoadError message={vm.error ?? ''} onRetry={() => void vm.load()} />;
  return (
    <section aria-labelledby="permissions-title">
      <Typography.Title level={1} id="permissions-title">
        Permissions
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 760 }}>
        Switch an area off for a role and it leaves that role&apos;s menu, and the server refuses its calls. A workspace
        admin&apos;s permissions are fixed, so nobody can be locked out. A dash means the role never has that area.
      </Typography.Paragraph>
      {vm.notice ? (
        <Alert
          type={vm.notice.type}
          showIcon
          role={vm.notice.type === 'error' ? 'alert' : 'status'}
          title={vm.notice.message}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Table<PermissionRow>
        rowKey="key"
        aria-label="Permissions by role"
        pagination={false}
        dataSource={vm.permissions}
        {...tableStates(vm.status === 'loading', vm.permissions.length, 'No permissions')}
        scroll={{ x: true }}
        columns={[
          {
            title: 'Permission',
            key: 'permission',
            render: (_: unknown, p: PermissionRow) => (
              <>
                <Typography.Text strong>{p.label}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{p.description}</Typography.Text>
              </>
            ),
          },
          ...vm.roles.map((role) => ({
            title: role.editable ? role.label : `${role.label} (fixed)`,
            key: role.role,
            align: 'center' as const,
            render: (_: unknown, p: PermissionRow) => {
              if (!vm.applies(role.role, p.key)) return <span aria-label={`${p.label}: not for ${role.label}`}>—</span>;
              const box = (
                <Checkbox
                  aria-label={`${p.label} for ${role.label}`}
                  checked={vm.isOn(role.role, p.key)}
                  disabled={!vm.canChange(role.role, p.key) || vm.saving}
                  onChange={(e) => vm.set(role.role, p.key, e.target.checked)}
                />
              );
              return role.editable ? box : <Tooltip title="A workspace admin's permissions are fixed">{box}</Tooltip>;
            },
          })),
        ]}
      />
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" onClick={() => void vm.save()} loading={vm.saving} disabled={!vm.dirty}>
          Save permissions
        </Button>
        <Button onClick={vm.discard} disabled={!vm.dirty || vm.saving}>
          Discard changes
        </Button>
      </Space>
    </section>
  );
});

export default PermissionsScreen;
