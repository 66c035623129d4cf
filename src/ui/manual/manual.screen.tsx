import { Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useViewModel } from '../shared/container-context';
import { EmptyState, LoadError, Loading } from '../shared/page-state';
import { ManualView } from './manual-view';
import { ManualViewModel } from './manual.view-model';

/** The workspace's user manual, for every member. */
export const ManualScreen = observer(function ManualScreen() {
  const vm = useViewModel(ManualViewModel);
  useEffect(() => {
    void vm.load();
  }, [vm]);

  return (
    <section aria-labelledby="manual-title">
      <Typography.Title level={1} id="manual-title">
        User manual
      </Typography.Title>
      {vm.manual.status === 'loading' ? <Loading label="Loading the manual" /> : null}
      {vm.manual.status === 'error' ? (
        <LoadError message={vm.manual.error ?? ''} onRetry={() => void vm.load()} />
      ) : null}
      {vm.manual.status === 'ready' && !vm.manual.value ? (
        <EmptyState title="No user manual has been published yet">
          <Typography.Text type="secondary">
            When the SafePlace team publishes one, you will find it here.
          </Typography.Text>
        </EmptyState>
      ) : null}
      {vm.manual.status === 'ready' && vm.manual.value ? (
        <>
          <Typography.Paragraph type="secondary">
            Published{' '}
            {new Date(vm.manual.value.publishedAt).toLocaleDateString('en-GB', {
              day: 'numeric',
              month: 'long',
              year: 'numeric',
            })}
          </Typography.Paragraph>
          <ManualView manual={vm.manual.value} />
        </>
      ) : null}
    </section>
  );
});

export default ManualScreen;
