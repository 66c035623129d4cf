import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, List, Modal, Result, Spin, Typography, Upload } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useViewModel } from '../shared/container-context';
import { DeleteByFileViewModel } from './delete-by-file.view-model';
import { plural } from '../shared/plural';

/**
 * "Delete people by file": the admin picks a CSV or XLSX of emails, sees who would be deleted (and who is unknown or
 * may not be deleted, with the reason), and confirms. All of them go, or nobody does.
 */
export const DeleteByFileModal = observer(function DeleteByFileModal(props: {
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const vm = useViewModel(DeleteByFileViewModel);

  useEffect(() => {
    if (props.open) vm.reset();
  }, [props.open, vm]);

  const preview = vm.preview;
  const footer = vm.done
    ? [
        <Button key="done" type="primary" onClick={props.onClose}>
          Done
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={props.onClose} disabled={vm.busy === 'deleting'}>
          Cancel
        </Button>,
        <Button
          key="delete"
          danger
          type="primary"
          disabled={!vm.canDelete}
          loading={vm.busy === 'deleting'}
          onClick={async () => {
            if (await vm.confirm()) props.onDeleted();
          }}
        >
          {vm.deleteLabel}
        </Button>,
      ];

  return (
    <Modal
      title="Delete people by file"
      open={props.open}
      onCancel={props.onClose}
      footer={footer}
      destroyOnHidden
      width={640}
    >
      {vm.done ? (
        <Result
          status="success"
          title={`Deleted ${plural(vm.done.deleted, 'person', 'people')}`}
          subTitle="Their accounts, sessions, invitations and course assignments are gone. Complaint records stay."
        />
      ) : (
        <>
          <Typography.Paragraph>
            A CSV or XLSX file with the emails of the people to delete: the column headed “Email”, or else the first.
            You see who would go before anything is deleted. Complaint records are never deleted with a person.
          </Typography.Paragraph>
          <Upload.Dragger
            accept=".csv,.xlsx"
            multiple={false}
            showUploadList={false}
            disabled={!!vm.busy}
            aria-label="File of emails"
            beforeUpload={(file) => {
              void vm.choose({ name: file.name, content: file });
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{vm.file ? vm.file.name : 'Click or drag a CSV or XLSX file here'}</p>
            <p className="ant-upload-hint">At most 5 MB.</p>
          </Upload.Dragger>
          {vm.busy === 'checking' && (
            <div role="status" style={{ marginTop: 16 }}>
              <Spin size="small" /> Checking who the file names…
            </div>
          )}
          {vm.error && <Alert type="error" showIcon role="alert" title={vm.error} style={{ marginTop: 16 }} />}
          {preview && (
            <div aria-label="Who the file names" role="region" style={{ marginTop: 16 }}>
              <Alert
                type={preview.refused.length || preview.matched === 0 ? 'warning' : 'info'}
                showIcon
                title={vm.previewSummary}
              />
              {preview.refused.length > 0 && (
                <>
                  <Typography.Title level={2} style={{ marginTop: 16, fontSize: 16 }}>
                    {plural(preview.refused.length, 'person', 'people')} may not be deleted, so nobody will be
                  </Typography.Title>
                  <Typography.Paragraph type="secondary">
                    Take them out of the file and choose it again.
                  </Typography.Paragraph>
                  <List
                    size="small"
                    bordered
                    dataSource={preview.refused}
                    renderItem={(r) => <List.Item>{`${r.email}: ${r.reason}`}</List.Item>}
                  />
                </>
              )}
              {preview.unknownCount > 0 && (
                <>
                  <Typography.Title level={2} style={{ marginTop: 16, fontSize: 16 }}>
                    Not found here ({preview.unknownCount})
                  </Typography.Title>
                  <List
                    size="small"
                    bordered
                    dataSource={preview.unknown}
                    renderItem={(e) => <List.Item>{e}</List.Item>}
                    footer={
                      preview.unknownCount > preview.unknown.length
                        ? `and ${preview.unknownCount - preview.unknown.length} more`
                        : undefined
                    }
                  />
                </>
              )}
            </div>
          )}
        </>
      )}
    </Modal>
  );
});
