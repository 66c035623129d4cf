import { Input, Space, Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useViewModel } from '../shared/container-context';
import { LoadError } from '../shared/page-state';
import { tableStates } from '../shared/table-states';
import { LeadListViewModel } from './lead-list.view-model';

/** Demo and contact requests from the public site: who asked, from where, and whether they confirmed their address. */
export const LeadListScreen = observer(function LeadListScreen() {
  const vm = useViewModel(LeadListViewModel);
  useEffect(() => {
    void vm.load(1);
  }, [vm]);
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        Demo requests
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Requests from the public site’s contact form and calls to action, newest first. Each is also mailed to the sales
        address.
      </Typography.Paragraph>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          aria-label="Search demo requests"
          placeholder="Search by name, email or organisation"
          allowClear
          enterButton="Search"
          style={{ width: 360, maxWidth: '100%' }}
          onSearch={(value) => void vm.searchFor(value)}
        />
      </Space>
      {vm.list.status === 'error' ? (
        <LoadError message={vm.list.error ?? ''} onRetry={() => void vm.load()} />
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Demo requests">
          <Table
            rowKey="key"
            dataSource={vm.tableRows}
            {...tableStates(
              vm.list.status === 'loading',
              vm.tableRows.length,
              'No requests yet: they arrive from the contact page of the public site',
            )}
            pagination={{
              current: vm.list.page,
              pageSize: vm.list.pageSize,
              total: vm.list.total,
              showSizeChanger: true,
              onChange: (page, size) => void vm.load(page, size),
            }}
            expandable={{
              expandedRowRender: (row) => (
                <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                  {row.message || 'No message.'}
                </Typography.Paragraph>
              ),
              rowExpandable: (row) => row.message !== '',
            }}
            columns={[
              { title: 'Received', dataIndex: 'received' },
              { title: 'Name', dataIndex: 'name' },
              {
                title: 'Work email',
                dataIndex: 'workEmail',
                render: (email: string) => <a href={`mailto:${email}`}>{email}</a>,
              },
              { title: 'Organisation', dataIndex: 'organisation' },
              { title: 'Country', dataIndex: 'country' },
              { title: 'Size', dataIndex: 'size' },
              { title: 'From', dataIndex: 'source' },
              {
                title: 'Address',
                dataIndex: 'confirmed',
                render: (text: string) => <Tag color={text === 'Confirmed' ? 'success' : 'default'}>{text}</Tag>,
              },
            ]}
          />
        </div>
      )}
    </>
  );
});

export default LeadListScreen;
