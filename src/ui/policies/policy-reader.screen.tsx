import { Alert, Button, Select, Space, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import type { PolicyLanguage } from '../../contracts/learning/catalogue.contract';
import { LANGUAGE_LABELS } from '../../domain/courses/course';
import { useViewModel } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { PolicyReaderViewModel } from './policy-reader.view-model';

/** A policy to read, its PDF shown in the page, then "I accept". */
export const PolicyReaderScreen = observer(function PolicyReaderScreen() {
  const { policyId = '' } = useParams();
  const vm = useViewModel(PolicyReaderViewModel);
  useEffect(() => {
    void vm.load(policyId);
    return () => vm.dispose();
  }, [vm, policyId]);
  const reading = vm.reading;
  return (
    <section aria-labelledby="policy-reader-title" style={{ maxWidth: 900 }}>
      <Link to="/dashboard">Back to home</Link>
      {vm.status === 'loading' ? <Loading label="Opening the policy" /> : null}
      {vm.status === 'error' ? <LoadError message={vm.error ?? ''} onRetry={() => void vm.load(policyId)} /> : null}
      {vm.status === 'ready' && reading ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Title level={1} id="policy-reader-title" style={{ fontSize: 26 }}>
            {reading.title}
          </Typography.Title>
          <Space wrap>
            <Tag>Version {reading.version}</Tag>
            <Tag>{LANGUAGE_LABELS[reading.language]}</Tag>
            {reading.state === 'ACCEPTED' && reading.acceptedVersion === reading.version ? <Tag color="green">Accepted</Tag> : null}
          </Space>
          {reading.fallback ? <Alert type="info" showIcon title={`This version is not yet in the language you asked: you are reading it in ${LANGUAGE_LABELS[reading.language]}.`} /> : null}
          <Typography.Paragraph>What changed in this version: {reading.summary}</Typography.Paragraph>
          <label htmlFor="policy-language">Language</label>
          <Select
            id="policy-language"
            value={reading.language}
            style={{ maxWidth: 240 }}
            options={reading.languages.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] }))}
            onChange={(language: PolicyLanguage) => void vm.load(policyId, language)}
          />
          {vm.documentUrl ? (
            <iframe title={`${reading.title}, version ${reading.version}`} src={vm.documentUrl} style={{ width: '100%', height: '70vh', border: '1px solid #d9d9d9' }} />
          ) : null}
          {vm.acceptError ? <Alert type="error" showIcon title={vm.acceptError} /> : null}
          {reading.state === 'ACCEPTED' && reading.acceptedVersion === reading.version ? (
            <Alert type="success" showIcon title={`You accepted version ${reading.version} on ${new Date(reading.acceptedAt ?? '').toLocaleDateString()}.`} />
          ) : (
            <Button type="primary" size="large" disabled={!reading.opened} loading={vm.accepting} onClick={() => void vm.accept()}>
              I have read and accept this policy
            </Button>
          )}
        </Space>
      ) : null}
    </section>
  );
});

export default PolicyReaderScreen;
