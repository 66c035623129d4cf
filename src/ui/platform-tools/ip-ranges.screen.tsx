import { Alert, Breadcrumb, Button, Form, Input, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import type { IpRangeInput } from '../../application/platform-tools/ip-ranges.use-case';
import { parseIpRange } from '../../domain/platform/ip-ranges';
import { useViewModel } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { IpRangesViewModel } from './ip-ranges.view-model';

/** The allowed address ranges of one workspace, for the elevated-IP mode. */
export const IpRangesScreen = observer(function IpRangesScreen() {
  const vm = useViewModel(IpRangesViewModel);
  const { workspaceUrl = '' } = useParams();
  useEffect(() => {
    void vm.load(workspaceUrl);
  }, [vm, workspaceUrl]);

  return (
    <section aria-labelledby="ip-ranges-title">
      <Breadcrumb
        items={[{ title: <Link to="/platform/flags">Feature flags</Link> }, { title: 'IP ranges' }]}
        style={{ marginBottom: 12 }}
      />
      <Typography.Title level={1} id="ip-ranges-title">
        IP ranges of {vm.workspace?.companyName ?? workspaceUrl}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        While the elevateip flag is on for {workspaceUrl}, only these addresses reach it. With no range at all, nobody
        does. Give a single address (198.51.100.7) or a CIDR range (203.0.113.0/24, 2001:db8::/32).
      </Typography.Paragraph>
      {vm.loaded.status === 'loading' ? <Loading label="Loading ranges" /> : null}
      {vm.loaded.status === 'error' ? (
        <LoadError message={vm.loaded.error ?? ''} onRetry={() => void vm.load(workspaceUrl)} />
      ) : null}
      {vm.loaded.status === 'ready' ? <RangesForm vm={vm} key={vm.saved} /> : null}
    </section>
  );
});

const RangesForm = observer(function RangesForm({ vm }: { vm: IpRangesViewModel }) {
  return (
    <Form<{ ranges: IpRangeInput[] }>
      name="ip-ranges"
      initialValues={{ ranges: vm.ranges }}
      onFinish={(v) => void vm.save(v.ranges ?? [])}
      disabled={vm.saving}
    >
      {vm.saved > 0 ? (
        <Alert type="success" showIcon role="status" title="Ranges saved." style={{ marginBottom: 16 }} />
      ) : null}
      {vm.saveError ? (
        <Alert type="error" showIcon role="alert" title={vm.saveError} style={{ marginBottom: 16 }} />
      ) : null}
      <Form.List name="ranges">
        {(fields, { add, remove }) => (
          <>
            {fields.length === 0 ? (
              <Alert
                type="warning"
                showIcon
                title="No ranges: with elevateip on, nobody can reach this workspace."
                style={{ marginBottom: 16 }}
              />
            ) : null}
            {fields.map((field, index) => (
              <Space key={field.key} align="start" wrap>
                <Form.Item
                  name={[field.name, 'cidr']}
                  label={`Range ${index + 1}`}
                  rules={[
                    { required: true, whitespace: true, message: 'Give an address or range' },
                    {
                      validator: async (_, value: string) => {
                        // The same rule the contract's schema applies on the server.
                        if (value && !parseIpRange(value))
                          throw new Error('Not an IP address or CIDR range, e.g. 203.0.113.0/24');
                      },
                    },
                  ]}
                  validateStatus={vm.rangeError(index) ? 'error' : undefined}
                  help={vm.rangeError(index)}
                >
                  <Input style={{ width: 240 }} placeholder="203.0.113.0/24" />
                </Form.Item>
                <Form.Item name={[field.name, 'label']} label={`Label ${index + 1}`}>
                  <Input style={{ width: 220 }} placeholder="Head office" maxLength={100} />
                </Form.Item>
                <Button onClick={() => remove(field.name)} aria-label={`Remove range ${index + 1}`}>
                  Remove
                </Button>
              </Space>
            ))}
            <Space style={{ display: 'flex', marginTop: 8 }}>
              <Button onClick={() => add({ cidr: '', label: '' })}>Add range</Button>
              <Button type="primary" htmlType="submit" loading={vm.saving}>
                Save ranges
              </Button>
            </Space>
          </>
        )}
      </Form.List>
    </Form>
  );
});

export default IpRangesScreen;
