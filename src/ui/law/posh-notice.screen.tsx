import { Button, Card, List, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useViewModel } from '../shared/container-context';
import { EmptyState, LoadError, Loading } from '../shared/page-state';
import { PoshNoticeViewModel } from './posh-notice.view-model';

/** The notice every member reads (IN-12), printable as it is. */
export const PoshNoticeScreen = observer(function PoshNoticeScreen() {
  const vm = useViewModel(PoshNoticeViewModel);
  useEffect(() => {
    void vm.load();
  }, [vm]);
  const n = vm.notice.value;
  return (
    <section aria-labelledby="notice-title" style={{ maxWidth: 720 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1} id="notice-title" style={{ margin: 0 }}>
          Sexual harassment at work: your rights and where to go
        </Typography.Title>
        {n?.published ? <Button onClick={() => window.print()}>Print the notice</Button> : null}
      </Space>
      {vm.notice.status === 'loading' && !n ? <Loading label="Loading the notice" /> : null}
      {vm.notice.status === 'error' ? (
        <LoadError message={vm.notice.error ?? ''} onRetry={() => void vm.load()} />
      ) : null}
      {n && !n.published ? <EmptyState title="Your employer has not published the notice yet." /> : null}
      {n?.published ? (
        <Space orientation="vertical" size="large" style={{ width: '100%', marginTop: 16 }}>
          <Card title={`The Internal Committee of ${n.workspaceName}`}>
            {n.committees.map((c) => (
              <List
                key={c.name}
                header={c.name}
                dataSource={c.members}
                renderItem={(m) => (
                  <List.Item>
                    <div>
                      <Typography.Text strong>{m.name}</Typography.Text>, {m.role}
                      <div>{[m.email, m.phone].filter(Boolean).join(' · ')}</div>
                    </div>
                  </List.Item>
                )}
              />
            ))}
          </Card>
          <Card title="What happens to someone who harasses">
            <ul style={{ paddingLeft: 20, margin: 0 }}>
              {n.penalConsequences.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </Card>
          <Card title="Help with a police complaint">
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{n.policeHelp}</Typography.Paragraph>
          </Card>
          <Card title="Where else you can go">
            <ul style={{ paddingLeft: 20, margin: 0 }}>
              {n.elsewhere.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </Card>
        </Space>
      ) : null}
    </section>
  );
});

export default PoshNoticeScreen;
