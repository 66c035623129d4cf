import { Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useViewModel } from '../shared/container-context';
import { MyInvestigationsViewModel } from './my-investigations.view-model';

/** On the complaints page: the cases the signed-in person was appointed to investigate (CA-05); nothing when none. */
export const MyInvestigations = observer(function MyInvestigations() {
  const vm = useViewModel(MyInvestigationsViewModel);
  useEffect(() => {
    void vm.load();
  }, [vm]);
  if (vm.items.length === 0) return null;
  return (
    <>
      <Typography.Title level={2}>Your investigations</Typography.Title>
      <Table
        aria-label="Your investigations"
        rowKey="complaintId"
        dataSource={vm.items.map((i) => ({ ...i }))}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: 'Case',
            dataIndex: 'caseNumber',
            render: (n: string, row: { complaintId: string }) => (
              <Link to={`/complaints/${row.complaintId}/investigation`}>{n}</Link>
            ),
          },
          { title: 'Appointed', dataIndex: 'appointedOn' },
          {
            title: 'Report',
            dataIndex: 'reportWritten',
            render: (done: boolean) => (done ? <Tag color="green">Written</Tag> : <Tag color="gold">To write</Tag>),
          },
        ]}
      />
    </>
  );
});
