import { Table, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useViewModel } from '../shared/container-context';
import { LoadError } from '../shared/page-state';
import { PlatformAuditViewModel } from './platform-audit.view-model';
import { tableStates } from '../shared/table-states';

/** What the platform admins did: workspaces created and deleted, limits, flags, manuals, allow-lists, user edits. */
export const PlatformAuditScreen = observer(function PlatformAuditScreen() {
  const vm = useViewModel(PlatformAuditViewModel);
  useEffect(() => {
    void vm.load(1);
  }, [vm]);
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        Platform audit trail
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Every action of a platform administrator, in any workspace: who, what, when and from where.
      </Typography.Paragraph>
      {vm.list.status === 'error' ? (
        <LoadError message={vm.list.error ?? ''} onRetry={() => void vm.load()} />
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Audit trail entries">
          {/* Plain text only: on a phone the table scrolls inside this focusable region (styles.css). */}
          <Table
            rowKey="id"
            dataSource={vm.tableRows}
            {...tableStates(vm.list.status === 'loading', vm.tableRows.length, 'No platform actions yet')}
            pagination={{
              current: vm.list.page,
              pageSize: vm.list.pageSize,
              total: vm.list.total,
              showSizeChanger: true,
              onChange: (page, size) => void vm.load(page, size),
            }}
            columns={[
              { title: 'When', dataIndex: 'at', render: (at: string) => new Date(at).toLocaleString() },
              { title: 'Action', dataIndex: 'label' },
              { title: 'Workspace', dataIndex: 'workspace', render: (w: string | null) => w ?? '—' },
              { title: 'By', dataIndex: 'actor', render: (a: string | null) => a ?? '—' },
              { title: 'From', dataIndex: 'ip', render: (ip: string | null) => ip ?? '—' },
            ]}
          />
        </div>
      )}
    </>
  );
});

export default PlatformAuditScreen;
