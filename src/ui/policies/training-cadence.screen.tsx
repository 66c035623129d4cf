import { Breadcrumb, Select, Space, Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { CadenceRow } from '../../contracts/learning/compliance.contract';
import { useViewModel } from '../shared/container-context';
import { LoadError } from '../shared/page-state';
import { tableStates } from '../shared/table-states';
import { TrainingCadenceViewModel } from './training-cadence.view-model';
import { showDate } from '../i18n/i18n';

const STATES: Record<CadenceRow['state'], { text: string; color: string }> = {
  OVERDUE: { text: 'Overdue', color: 'red' },
  DUE: { text: 'Due', color: 'gold' },
  DONE: { text: 'Up to date', color: 'green' },
};

const day = (iso: string | null) => (iso ? showDate(iso) : 'Never');

/** CA-11 per person: each person's harassment training due date, late first. */
export const TrainingCadenceScreen = observer(function TrainingCadenceScreen() {
  const vm = useViewModel(TrainingCadenceViewModel);
  useEffect(() => {
    void vm.load();
  }, [vm]);
  const rows = vm.list.items.slice();
  return (
    <section aria-labelledby="cadence-title">
      <Breadcrumb items={[{ title: <Link to="/compliance">Compliance</Link> }, { title: 'Training cadence' }]} />
      <Typography.Title level={1} id="cadence-title">
        Training cadence (Canada)
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Canada asks that each person be trained within 3 months of being hired, then at least every 3 years (CA-11).
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label="State"
          allowClear
          placeholder="Everyone"
          style={{ minWidth: 180 }}
          options={(Object.keys(STATES) as CadenceRow['state'][]).map((value) => ({
            value,
            label: STATES[value].text,
          }))}
          onChange={(state?: CadenceRow['state']) => vm.filter(state)}
        />
      </Space>
      {vm.list.status === 'error' ? (
        <LoadError message={vm.list.error ?? ''} onRetry={() => void vm.list.load()} />
      ) : (
        <Table<CadenceRow>
          rowKey="userId"
          dataSource={rows}
          {...tableStates(
            vm.list.status === 'loading',
            rows.length,
            'Nobody to list: declare a Canadian jurisdiction on the compliance page first.',
          )}
          // No inner scroll (its rows hold nothing focusable): on a phone the hire date gives way.
          size="small"
          pagination={{
            current: vm.list.page,
            pageSize: vm.list.pageSize,
            total: vm.list.total,
            showSizeChanger: false,
            showTotal: (total) => `${total} ${total === 1 ? 'person' : 'people'}`,
            onChange: (page) => void vm.list.load(page),
          }}
          columns={[
            { title: 'Person', key: 'name', render: (_: unknown, r) => <span>{r.name || r.email}</span> },
            { title: 'Hired', dataIndex: 'hiredOn', key: 'hired', render: day, responsive: ['sm'] },
            { title: 'Last trained', dataIndex: 'lastCompletedOn', key: 'last', render: day },
            { title: 'Next due', dataIndex: 'dueOn', key: 'due', render: day },
            {
              title: 'State',
              dataIndex: 'state',
              key: 'state',
              render: (s: CadenceRow['state']) => <Tag color={STATES[s].color}>{STATES[s].text}</Tag>,
            },
          ]}
        />
      )}
    </section>
  );
});

export default TrainingCadenceScreen;
