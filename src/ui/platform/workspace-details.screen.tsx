import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  InputNumber,
  List,
  Modal,
  Popconfirm,
  Space,
  Switch,
  Typography,
} from 'antd';
import { ArrowLeftOutlined, DeleteOutlined } from '@ant-design/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useViewModel } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { WorkspaceDetailsViewModel } from './workspace-details.view-model';
import { DateInput } from '../shared/date-input';
import { showDate } from '../i18n/i18n';
import { ListItemText } from '../shared/list-item-text';

/** One workspace: figures, module switches, user limit, contract end, address, and deletion. */
export const WorkspaceDetailsScreen = observer(function WorkspaceDetailsScreen() {
  const vm = useViewModel(WorkspaceDetailsViewModel);
  const { workspaceId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const justCreated = (location.state as { created?: boolean } | null)?.created === true;

  useEffect(() => {
    void vm.load(workspaceId);
  }, [vm, workspaceId]);

  useEffect(() => {
    if (vm.deleted && vm.workspace)
      void navigate('/platform/workspaces', { state: { notice: `${vm.workspace.companyName} was deleted.` } });
  }, [vm.deleted, vm.workspace, navigate]);

  if (vm.status === 'loading' && !vm.workspace) return <Loading label="Loading the workspace" />;
  if (vm.status === 'error' || !vm.workspace) {
    return (
      <>
        <BackLink />
        <LoadError message={vm.error ?? ''} onRetry={() => void vm.load(workspaceId)} />
      </>
    );
  }
  const w = vm.workspace;
  const port = window.location.port ? `:${window.location.port}` : '';

  return (
    <>
      <BackLink />
      <Typography.Title level={1} style={{ fontSize: 28, marginTop: 8 }}>
        {w.companyName}
      </Typography.Title>
      <Typography.Paragraph>
        <a href={`${window.location.protocol}//${w.workspaceUrl}${port}/`} target="_blank" rel="noreferrer">
          {w.workspaceUrl}
        </a>
      </Typography.Paragraph>
      {justCreated ? (
        <Alert
          type="success"
          showIcon
          title={`${w.companyName} is ready`}
          description="Its first admin was sent an invitation: they set a password at the workspace's address and can then sign in."
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {vm.notice ? (
        <Alert type={vm.notice.type} showIcon title={vm.notice.message} style={{ marginBottom: 16 }} />
      ) : null}

      <Card style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label="Users">{vm.users}</Descriptions.Item>
          <Descriptions.Item label="Invited, not yet joined">{w.invitedCount}</Descriptions.Item>
          <Descriptions.Item label="Contract">{vm.contract}</Descriptions.Item>
          <Descriptions.Item label="Headquarters">{w.headquarterName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Created">{showDate(w.createdAt)}</Descriptions.Item>
        </Descriptions>
      </Card>

      <Card title="Modules" style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary">
          A module switched off leaves the workspace's menu, and its calls are refused for this workspace.
        </Typography.Paragraph>
        <List
          dataSource={vm.modules}
          renderItem={(m) => (
            <List.Item
              actions={[
                <Switch
                  key="switch"
                  aria-label={m.label}
                  checked={m.on}
                  loading={vm.busy === m.key}
                  disabled={vm.busy !== null && vm.busy !== m.key}
                  checkedChildren="On"
                  unCheckedChildren="Off"
                  onChange={(on) => void vm.switchModule(m.key, on)}
                />,
              ]}
            >
              <ListItemText title={m.label} description={m.description} />
            </List.Item>
          )}
        />
      </Card>

      <UserLimitCard vm={vm} />
      <ContractCard vm={vm} />
      <AddressCard vm={vm} />

      <Card title="Delete workspace" style={{ borderColor: '#ffccc7' }}>
        <Typography.Paragraph>
          Deleting {w.companyName} removes everything in it, for good. You will be asked to type its name first.
        </Typography.Paragraph>
        <Button danger icon={<DeleteOutlined />} onClick={() => vm.openDelete()}>
          Delete this workspace
        </Button>
      </Card>

      <Modal
        title={`Delete ${w.companyName}?`}
        open={vm.deleteOpen}
        onCancel={() => vm.closeDelete()}
        okText="Delete permanently"
        okButtonProps={{ danger: true, disabled: !vm.canDelete, loading: vm.busy === 'delete' }}
        onOk={() => void vm.confirmDelete()}
        destroyOnHidden
      >
        <Typography.Paragraph>
          This deletes {w.companyName} and everything in it: its {w.userCount} {w.userCount === 1 ? 'user' : 'users'}{' '}
          and their sign-ins, its business units and departments, courses and assignments, redressal workflows,
          invitations and security log. Its address {w.workspaceUrl} stops working at once. This cannot be undone.
        </Typography.Paragraph>
        {vm.deleteError ? <Alert type="error" showIcon title={vm.deleteError} style={{ marginBottom: 12 }} /> : null}
        <label htmlFor="confirm-delete-name">
          Type <Typography.Text strong>{w.companyName}</Typography.Text> to confirm
        </label>
        <Input
          id="confirm-delete-name"
          aria-label="Workspace name to confirm deletion"
          value={vm.typedName}
          onChange={(e) => vm.setTypedName(e.target.value)}
          autoComplete="off"
          style={{ marginTop: 8 }}
        />
      </Modal>
    </>
  );
});

export default WorkspaceDetailsScreen;

function BackLink() {
  return (
    <Link to="/platform/workspaces">
      <ArrowLeftOutlined /> All workspaces
    </Link>
  );
}

const UserLimitCard = observer(function UserLimitCard({ vm }: { vm: WorkspaceDetailsViewModel }) {
  const w = vm.workspace!;
  const [value, setValue] = useState<number | null>(w.userLimit);
  useEffect(() => setValue(w.userLimit), [w.userLimit]);
  return (
    <Card title="User limit" style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">
        Invitations and imports that would take the workspace past its limit are refused. It has {w.userCount} now.
      </Typography.Paragraph>
      <Form layout="inline" onFinish={() => void vm.saveUserLimit(value)}>
        <Form.Item
          label="User limit"
          htmlFor="user-limit"
          validateStatus={vm.fieldErrors.userLimit ? 'error' : undefined}
          help={vm.fieldErrors.userLimit}
        >
          <InputNumber
            id="user-limit"
            min={1}
            max={1_000_000}
            precision={0}
            value={value}
            onChange={(v) => setValue(v)}
            placeholder="No limit"
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={vm.busy === 'limit'}>
            Save limit
          </Button>
          <Button onClick={() => void vm.saveUserLimit(null)} disabled={w.userLimit === null || vm.busy !== null}>
            Remove limit
          </Button>
        </Space>
      </Form>
    </Card>
  );
});

const ContractCard = observer(function ContractCard({ vm }: { vm: WorkspaceDetailsViewModel }) {
  const w = vm.workspace!;
  const [value, setValue] = useState(w.contractExpiresOn ?? '');
  useEffect(() => setValue(w.contractExpiresOn ?? ''), [w.contractExpiresOn]);
  return (
    <Card title="Contract" style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">
        Its admins are warned in the last 30 days. After the last day the workspace closes, keeping its data; a later
        date reopens it.
      </Typography.Paragraph>
      <Form layout="inline" onFinish={() => void vm.saveContractExpiry(value || null)}>
        <Form.Item
          label="Contract end date"
          htmlFor="contract-end"
          validateStatus={vm.fieldErrors.contractExpiresOn ? 'error' : undefined}
          help={vm.fieldErrors.contractExpiresOn}
        >
          <DateInput id="contract-end" value={value} onChange={setValue} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={vm.busy === 'expiry'}>
            Save date
          </Button>
          <Button
            onClick={() => void vm.saveContractExpiry(null)}
            disabled={w.contractExpiresOn === null || vm.busy !== null}
          >
            Make open-ended
          </Button>
        </Space>
      </Form>
    </Card>
  );
});

const AddressCard = observer(function AddressCard({ vm }: { vm: WorkspaceDetailsViewModel }) {
  const w = vm.workspace!;
  const [value, setValue] = useState('');
  return (
    <Card title="Address" style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">
        Served at {w.workspaceUrl}. Moving it takes effect at once: the old address stops working and everyone signed in
        there is signed out.
      </Typography.Paragraph>
      <Form layout="inline">
        <Form.Item
          label="New address"
          htmlFor="new-address"
          validateStatus={vm.fieldErrors.workspaceUrl ? 'error' : undefined}
          help={vm.fieldErrors.workspaceUrl}
        >
          <Input
            id="new-address"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            placeholder="initech.example.com"
            spellCheck={false}
            style={{ width: 280 }}
          />
        </Form.Item>
        <Popconfirm
          title={`Move ${w.companyName} to ${value.trim() || 'the new address'}?`}
          description="The old address stops working at once and everyone there is signed out."
          okText="Move"
          onConfirm={async () => {
            if (await vm.saveUrl(value)) setValue('');
          }}
          disabled={!value.trim()}
        >
          <Button disabled={!value.trim()} loading={vm.busy === 'url'}>
            Move workspace
          </Button>
        </Popconfirm>
      </Form>
    </Card>
  );
});
