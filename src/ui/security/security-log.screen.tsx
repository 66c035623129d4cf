import { Segmented, Select, Space, Table, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useViewModel } from '../shared/container-context';
import { LoadError } from '../shared/page-state';
import { SecurityLogViewModel } from './security-log.view-model';
import { tableStates } from '../shared/table-states';

export const SecurityLogScreen = observer(function SecurityLogScreen() {
  const vm = useViewModel(SecurityLogViewModel);
  useEffect(() => {
    void vm.load(1);
  }, [vm]);

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        Security log
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Sign-ins, failures, code requests, password resets and lockouts in this workspace, and every change admins made
        to it: who, what, when and from where.
      </Typography.Paragraph>
      <Space style={{ marginBottom: 16 }} wrap>
        <Segmented
          aria-label="Kind of events"
          value={vm.category ?? 'all'}
          options={[
            { value: 'all', label: 'Everything' },
            { value: 'security', label: 'Security events' },
            { value: 'admin', label: 'Admin actions' },
          ]}
          onChange={(value) => void vm.showCategory(value === 'all' ? undefined : (value as 'security' | 'admin'))}
        />
        <label htmlFor="audit-action">Event</label>
        <Select
          id="audit-action"
          aria-label="Event"
          allowClear
          placeholder="All events"
          style={{ minWidth: 240 }}
          value={vm.action}
          options={vm.actionOptions}
          onChange={(value) => void vm.filterBy(value)}
        />
      </Space>
      {vm.list.status === 'error' ? (
        <LoadError message={vm.list.error ?? ''} onRetry={() => void vm.load()} />
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Security log entries">
          {/* Plain text only: on a phone the table scrolls inside this focusable region (styles.css). */}
          <Table
            rowKey="id"
            dataSource={vm.tableRows}
            {...tableStates(vm.list.status === 'loading', vm.tableRows.length, 'No events yet')}
            pagination={{
              current: vm.list.page,
              pageSize: vm.list.pageSize,
              total: vm.list.total,
              showSizeChanger: true,
              onChange: (page, size) => void vm.load(page, size),
            }}
            columns={[
              { title: 'When', dataIndex: 'at', render: (at: string) => new Date(at).toLocaleString() },
              { title: 'Event', dataIndex: 'label' },
              { title: 'By', dataIndex: 'actor', render: (actor: string | null) => actor ?? '—' },
              { title: 'Concerning', dataIndex: 'target', render: (target: string | null) => target ?? '—' },
              { title: 'Details', dataIndex: 'summary', ellipsis: true, render: (summary: string) => summary || '—' },
              { title: 'From', dataIndex: 'ip', render: (ip: string | null) => ip ?? '—' },
            ]}
          />
        </div>
      )}
    </>
  );
});

export default SecurityLogScreen;
