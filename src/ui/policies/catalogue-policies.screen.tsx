import { Button, Space, Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { LANGUAGE_LABELS } from '../../domain/courses/course';
import type { PolicyLanguage, PolicySummary } from '../../contracts/learning/catalogue.contract';
import { useViewModel } from '../shared/container-context';
import { EmptyState, LoadError, Loading } from '../shared/page-state';
import { CataloguePoliciesViewModel } from './catalogue-policies.view-model';
import { PolicyEditorDrawers } from './policy-editor.drawers';

/** The platform's policies: create one, give each version a PDF per language (with progress), add versions. */
export const CataloguePoliciesScreen = observer(function CataloguePoliciesScreen() {
  const vm = useViewModel(CataloguePoliciesViewModel);
  const [creating, setCreating] = useState(false);
  useEffect(() => {
    void vm.load();
  }, [vm]);
  const selected = vm.selected;
  const columns = [
    {
      title: 'Policy',
      dataIndex: 'title',
      key: 'title',
      render: (title: string, row: PolicySummary) => (
        <Button type="link" onClick={() => void vm.open(row.id)}>
          {title}
        </Button>
      ),
    },
    { title: 'Version', dataIndex: 'currentVersion', key: 'version' },
    {
      title: 'Languages',
      key: 'languages',
      render: (_: unknown, row: PolicySummary) => (
        <Space wrap>
          {Object.entries(row.translations).map(([language, state]) => (
            <Tag key={language} color={state === 'CURRENT' ? 'green' : 'orange'}>
              {LANGUAGE_LABELS[language as PolicyLanguage]}
              {state === 'OUTDATED' ? ' (outdated)' : ''}
            </Tag>
          ))}
        </Space>
      ),
    },
    { title: 'Review by', dataIndex: 'reviewDueOn', key: 'review' },
    { title: 'Workspaces', dataIndex: 'workspaceCount', key: 'workspaces' },
  ];
  return (
    <section aria-labelledby="catalogue-policies-title">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1} id="catalogue-policies-title" style={{ margin: 0 }}>
          Policies
        </Typography.Title>
        <Button type="primary" onClick={() => setCreating(true)}>
          New policy
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">
        The policies every workspace may publish to its people, with a PDF per language for each version.
      </Typography.Paragraph>
      {vm.status === 'loading' ? <Loading label="Loading the policies" /> : null}
      {vm.status === 'error' ? <LoadError message={vm.error ?? ''} onRetry={() => void vm.load()} /> : null}
      {vm.status === 'ready' && vm.items.length === 0 ? (
        <EmptyState title="No policies yet: create the first one." />
      ) : null}
      {vm.status === 'ready' && vm.items.length > 0 ? (
        <Table rowKey="id" dataSource={vm.items.slice()} columns={columns} pagination={false} scroll={{ x: true }} />
      ) : null}

      <PolicyEditorDrawers vm={vm} creating={creating} onCloseCreating={() => setCreating(false)} />
    </section>
  );
});

export default CataloguePoliciesScreen;
