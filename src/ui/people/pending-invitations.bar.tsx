import { Alert, App, Button } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { PendingInvitationsViewModel } from './pending-invitations.view-model';

/** "N invitations are waiting": shown on the People screen while anyone invited has not joined. */
export const PendingInvitationsBar = observer(function PendingInvitationsBar(props: {
  vm: PendingInvitationsViewModel;
  onSent: () => void;
}) {
  const { vm } = props;
  const { modal } = App.useApp();

  useEffect(() => {
    void vm.load();
  }, [vm]);

  const confirmSend = () =>
    modal.confirm({
      title: `Send ${vm.waiting} ${vm.waiting === 1 ? 'invitation' : 'invitations'} again?`,
      content: 'Everyone invited who has not joined gets a new link by email; their earlier links stop working.',
      okText: 'Send them all',
      onOk: async () => {
        if (await vm.sendAll()) props.onSent();
      },
    });

  return (
    <div aria-label="Invitations" role="region" style={{ marginBottom: 16 }}>
      {vm.message && (
        <Alert
          type={vm.message.type}
          showIcon
          role={vm.message.type === 'error' ? 'alert' : 'status'}
          title={vm.message.text}
          style={{ marginBottom: 8 }}
        />
      )}
      {vm.summary && (
        <Alert
          type={vm.counts?.expired ? 'warning' : 'info'}
          showIcon
          title={vm.summary}
          action={
            <Button size="small" loading={vm.sending} onClick={confirmSend}>
              Send all again
            </Button>
          }
        />
      )}
    </div>
  );
});
