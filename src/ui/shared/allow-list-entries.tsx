import { Button, Input, Popconfirm, Table } from 'antd';
import { observer } from 'mobx-react-lite';
import type { AllowListEntry } from '../../contracts/main/allow-list.contract';
import type { PagedList } from './paged-list';
import { EmptyState, LoadError, Loading } from './page-state';

export interface AllowListRow {
  key: string;
  entryId: string;
  entry: string;
  kind: 'Whole domain' | 'Address';
  added: string;
}

/** Entries of a sign-up allow-list as table rows. */
export function allowListRows(items: readonly AllowListEntry[]): AllowListRow[] {
  return items.map((e) => ({
    key: e.entryId,
    entryId: e.entryId,
    entry: e.entry,
    kind: e.kind === 'DOMAIN' ? 'Whole domain' : 'Address',
    added: new Date(e.createdAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }),
  }));
}

/** What the list needs of its view-model (the workspace admins' and the platform admin's both fit). */
export interface AllowListModel {
  list: PagedList<AllowListEntry>;
  query: string;
  removing: string | null;
  search(query: string): Promise<void>;
  load(page?: number): Promise<void>;
  remove(entryId: string): Promise<void>;
}

/** A sign-up allow-list: search, paged table, remove after a confirmation that says what changes. */
export const AllowListEntries = observer(function AllowListEntries({
  vm,
  label,
}: {
  vm: AllowListModel;
  label: string;
}) {
  const { list } = vm;
  return (
    <>
      <Input.Search
        aria-label="Search the list"
        placeholder="Search addresses and domains"
        allowClear
        style={{ maxWidth: 360, marginBottom: 16 }}
        onSearch={(q) => void vm.search(q)}
      />
      {list.status === 'loading' && list.items.length === 0 ? <Loading label="Loading the list" /> : null}
      {list.status === 'error' ? <LoadError message={list.error ?? ''} onRetry={() => void vm.load()} /> : null}
      {list.status === 'ready' && list.items.length === 0 ? (
        <EmptyState
          title={
            vm.query
              ? 'Nothing on the list matches this search'
              : 'The list is empty: nobody may sign up on their own yet'
          }
        />
      ) : null}
      {list.items.length > 0 ? (
        <Table<AllowListRow>
          aria-label={label}
          rowKey="key"
          dataSource={allowListRows(list.items)}
          loading={list.status === 'loading'}
          pagination={{
            current: list.page,
            pageSize: list.pageSize,
            total: list.total,
            onChange: (page) => void vm.load(page),
            hideOnSinglePage: true,
            showSizeChanger: false,
          }}
          columns={[
            { title: 'Address or domain', dataIndex: 'entry' },
            { title: 'Kind', dataIndex: 'kind', width: 140 },
            { title: 'Added', dataIndex: 'added', width: 140 },
            {
              title: 'Actions',
              key: 'actions',
              width: 120,
              render: (_: unknown, row: AllowListRow) => (
                <Popconfirm
                  title={`Remove ${row.entry}?`}
                  description={
                    row.kind === 'Whole domain'
                      ? `Nobody at ${row.entry} may sign up on their own any more (unless listed by address). Existing accounts stay.`
                      : `${row.entry} may no longer sign up on their own. An existing account stays.`
                  }
                  okText="Remove"
                  okButtonProps={{ danger: true }}
                  cancelText="Keep"
                  onConfirm={() => vm.remove(row.entryId)}
                >
                  <Button danger loading={vm.removing === row.entryId} aria-label={`Remove ${row.entry}`}>
                    Remove
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      ) : null}
    </>
  );
});
