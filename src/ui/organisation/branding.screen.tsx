import { Alert, Button, Card, Col, ColorPicker, Form, Input, Row, Space, Table, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type ChangeEvent } from 'react';
import type { Branch } from '../../contracts/main/workspace.contract';
import { LOGO_TYPES, textOn } from '../../domain/organisation/branding';
import { useViewModel } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { BrandingViewModel } from './branding.view-model';

export const BrandingScreen = observer(function BrandingScreen() {
  const vm = useViewModel(BrandingViewModel);
  useEffect(() => {
    void vm.load();
  }, [vm]);

  if (vm.status === 'loading' && !vm.profile) return <Loading label="Loading branding" />;
  if (vm.status === 'error') return <LoadError message={vm.error ?? ''} onRetry={() => void vm.load()} />;
  const profile = vm.profile!;
  const colour = vm.previewColour;

  return (
    <section aria-labelledby="branding-title">
      <Typography.Title level={1} id="branding-title">
        Branding
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Your logo and colour appear on the sign-in page and at the top of every page of the workspace.
      </Typography.Paragraph>
      {vm.notice ? (
        <Alert
          type={vm.notice.type}
          showIcon
          role={vm.notice.type === 'error' ? 'alert' : 'status'}
          title={vm.notice.message}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={12}>
          <Card title="Workspace colour">
            <Form layout="vertical" onFinish={() => void vm.saveColour()}>
              <Form.Item
                label="Colour (hex)"
                htmlFor="workspace-colour"
                validateStatus={vm.colourError ? 'error' : undefined}
                help={vm.colourError ?? 'For example #1f6feb'}
              >
                <Space>
                  {/* A pointer's shortcut to the hex field beside it, which is the labelled control (a div may not carry a label). */}
                  <span aria-hidden="true">
                    <ColorPicker value={colour} disabledAlpha onChange={(c) => vm.tryColour(c.toHexString())} />
                  </span>
                  <Input
                    id="workspace-colour"
                    value={vm.draftColour}
                    onChange={(e) => vm.tryColour(e.target.value)}
                    style={{ width: 140 }}
                    maxLength={7}
                  />
                </Space>
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={vm.busy === 'colour'} disabled={!vm.dirty}>
                Save colour
              </Button>
            </Form>
          </Card>
          <Card title="Logo" style={{ marginTop: 24 }}>
            <Typography.Paragraph type="secondary">
              PNG, JPEG or WebP, at most 512 KB. SVG is not accepted.
            </Typography.Paragraph>
            <Space direction="vertical">
              {profile.companyLogo ? (
                <img
                  src={profile.companyLogo}
                  alt={`${profile.companyName} logo`}
                  style={{ maxHeight: 64, maxWidth: 240 }}
                />
              ) : (
                <Typography.Text type="secondary">No logo yet</Typography.Text>
              )}
              <LogoInput disabled={vm.busy === 'logo'} onFile={(file) => void vm.chooseLogo(file)} />
              {vm.logoError ? <Alert type="error" showIcon role="alert" title={vm.logoError} /> : null}
              {profile.companyLogo ? (
                <Button onClick={() => void vm.removeLogo()} loading={vm.busy === 'logo'}>
                  Remove logo
                </Button>
              ) : null}
            </Space>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Preview">
            <div
              aria-label="Preview of the header"
              role="img"
              style={{ border: '1px solid #f0f0f0', borderRadius: 8, overflow: 'hidden' }}
            >
              <div
                style={{
                  background: colour,
                  color: textOn(colour),
                  padding: '12px 16px',
                  display: 'flex',
                  alignItems: 'center',
                  gap: 12,
                }}
              >
                {profile.companyLogo ? <img src={profile.companyLogo} alt="" height={28} /> : null}
                <strong>{profile.companyName}</strong>
              </div>
              <div style={{ padding: 16, background: '#fafafa' }}>
                <div style={{ height: 10, width: '60%', background: '#e8e8e8', borderRadius: 4, marginBottom: 8 }} />
                <div style={{ height: 10, width: '40%', background: '#e8e8e8', borderRadius: 4, marginBottom: 16 }} />
                <span style={{ background: colour, color: textOn(colour), padding: '4px 12px', borderRadius: 6 }}>
                  Sign in
                </span>
              </div>
            </div>
          </Card>
        </Col>
      </Row>
      <Typography.Title level={2} style={{ marginTop: 32, fontSize: 24 }}>
        Business unit colours
      </Typography.Title>
      <Table<Branch & { key: string }>
        aria-label="Business unit colours"
        rowKey="key"
        pagination={false}
        dataSource={vm.units.map((u) => ({ ...u, key: u.branchId }))}
        columns={[
          { title: 'Business unit', dataIndex: 'branchName' },
          {
            title: 'Colour',
            key: 'colour',
            render: (_: unknown, unit) => <UnitColour unit={unit} onSave={(c) => void vm.saveUnitColour(unit, c)} />,
          },
        ]}
      />
    </section>
  );
});

function LogoInput({ disabled, onFile }: { disabled: boolean; onFile: (file: File) => void }) {
  return (
    <label>
      <span style={{ marginRight: 8 }}>Upload a logo</span>
      <input
        type="file"
        aria-label="Upload a logo"
        accept={LOGO_TYPES.join(',')}
        disabled={disabled}
        onChange={(e: ChangeEvent<HTMLInputElement>) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          e.target.value = '';
        }}
      />
    </label>
  );
}

function UnitColour({ unit, onSave }: { unit: Branch; onSave: (colour: string) => void }) {
  const [value, setValue] = useState(unit.backgroundColor ?? '');
  return (
    <Space>
      <span
        aria-hidden
        style={{
          display: 'inline-block',
          width: 16,
          height: 16,
          borderRadius: 4,
          background: unit.backgroundColor ?? '#d9d9d9',
        }}
      />
      <Input
        aria-label={`Hex colour for ${unit.branchName}`}
        value={value}
        placeholder="#1f6feb"
        onChange={(e) => setValue(e.target.value)}
        style={{ width: 120 }}
        maxLength={7}
      />
      <Button size="small" onClick={() => onSave(value)} aria-label={`Apply to ${unit.branchName}`}>
        Save
      </Button>
    </Space>
  );
}

export default BrandingScreen;
