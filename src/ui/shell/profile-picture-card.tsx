import { UserOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Popconfirm, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useRef } from 'react';
import { PROFILE_PICTURE_TYPES } from '../../domain/auth/profile-picture';
import type { ProfilePictureViewModel } from './profile-picture.view-model';

/** The picture on the profile page: choose one (PNG, JPEG or WebP, at most 2 MB), or remove it. */
export const ProfilePictureCard = observer(function ProfilePictureCard({ vm }: { vm: ProfilePictureViewModel }) {
  const input = useRef<HTMLInputElement>(null);
  const busy = vm.status !== 'idle';
  return (
    <Space align="start" size={16}>
      <Avatar
        size={72}
        src={vm.url ?? undefined}
        icon={vm.url ? undefined : <UserOutlined />}
        alt={vm.url ? 'Your profile picture' : undefined}
      />
      <div>
        <input
          ref={input}
          type="file"
          accept={PROFILE_PICTURE_TYPES.join(',')}
          aria-label="Profile picture file"
          style={{ display: 'none' }}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void vm.upload(file);
          }}
        />
        <Space wrap>
          <Button onClick={() => input.current?.click()} loading={vm.status === 'uploading'} disabled={busy}>
            {vm.url ? 'Change picture' : 'Upload picture'}
          </Button>
          {vm.url ? (
            <Popconfirm title="Remove your profile picture?" okText="Remove" onConfirm={() => vm.remove()}>
              <Button danger loading={vm.status === 'removing'} disabled={busy}>
                Remove picture
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          PNG, JPEG or WebP, at most 2 MB.
        </Typography.Paragraph>
        {vm.error ? <Alert type="error" showIcon role="alert" title={vm.error} style={{ marginTop: 8 }} /> : null}
        {vm.notice ? <Alert type="success" showIcon role="status" title={vm.notice} style={{ marginTop: 8 }} /> : null}
      </div>
    </Space>
  );
});
