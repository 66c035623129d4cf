import { Alert, Button, Select, Space, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import type { PolicyLanguage } from '../../contracts/learning/catalogue.contract';
import { LANGUAGE_AUTONYMS, LANGUAGE_TAGS } from '../../domain/shared/app-language';
import { showDate, tr } from '../i18n/i18n';
import { useViewModel } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { PdfViewer } from '../shared/pdf-viewer/pdf-viewer';
import { PolicyReaderViewModel } from './policy-reader.view-model';

/** A policy to read, its PDF drawn in the page, then "I have read and accept this policy" once it is shown. */
export const PolicyReaderScreen = observer(function PolicyReaderScreen() {
  const { policyId = '' } = useParams();
  const vm = useViewModel(PolicyReaderViewModel);
  useEffect(() => {
    void vm.load(policyId);
    return () => vm.dispose();
  }, [vm, policyId]);
  const reading = vm.reading;
  return (
    <section aria-labelledby="policy-reader-title" className="document-page">
      <Link to="/dashboard">{tr('common.backHome')}</Link>
      {vm.status === 'loading' && !reading ? <Loading label={tr('policies.opening')} /> : null}
      {vm.status === 'error' ? <LoadError message={vm.error ?? ''} onRetry={() => void vm.load(policyId)} /> : null}
      {vm.status !== 'error' && reading ? (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Title level={1} id="policy-reader-title" style={{ fontSize: 26, marginBottom: 0 }}>
            {reading.title}
          </Typography.Title>
          <Space wrap>
            <Tag>{tr('policies.version', { version: reading.version })}</Tag>
            <Tag lang={LANGUAGE_TAGS[reading.language]}>{LANGUAGE_AUTONYMS[reading.language]}</Tag>
            {vm.accepted ? <Tag color="green">{tr('policies.accepted')}</Tag> : null}
          </Space>
          {reading.fallback ? (
            <Alert
              type="info"
              showIcon
              title={tr('policies.fallback', { language: LANGUAGE_AUTONYMS[reading.language] })}
            />
          ) : null}
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            {tr('policies.whatChanged', { summary: reading.summary })}
          </Typography.Paragraph>
          {reading.languages.length > 1 ? (
            <Space wrap>
              <label htmlFor="policy-language">{tr('common.language')}</label>
              <Select
                id="policy-language"
                value={reading.language}
                style={{ minWidth: 180 }}
                options={reading.languages.map((l) => ({ value: l, label: LANGUAGE_AUTONYMS[l] }))}
                onChange={(language: PolicyLanguage) => void vm.load(policyId, language)}
              />
            </Space>
          ) : null}
          {vm.documentError ? (
            <LoadError message={vm.documentError} onRetry={() => void vm.retryDocument()} />
          ) : (
            <PdfViewer
              source={vm.source}
              title={tr('policies.documentTitle', { title: reading.title, version: reading.version })}
              download={
                vm.downloadUrl ? { href: vm.downloadUrl, fileName: `${reading.title} v${reading.version}.pdf` } : null
              }
              onShown={vm.markShown}
            />
          )}
          {vm.acceptError ? <Alert type="error" showIcon title={vm.acceptError} /> : null}
          {vm.accepted ? (
            <Alert
              type="success"
              showIcon
              title={tr('policies.acceptedOn', {
                version: reading.version,
                date: reading.acceptedAt ? showDate(reading.acceptedAt) : '',
              })}
              description={<Link to="/policies/mine">{tr('policies.seeAccepted')}</Link>}
            />
          ) : (
            <div>
              <Button
                type="primary"
                size="large"
                block
                disabled={!vm.canAccept}
                loading={vm.accepting}
                onClick={() => void vm.accept()}
                style={{ maxWidth: 420, minHeight: 48 }}
              >
                {tr('policies.accept')}
              </Button>
              {vm.shown ? null : (
                <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                  {tr('policies.acceptOnceShown')}
                </Typography.Paragraph>
              )}
            </div>
          )}
        </Space>
      ) : null}
    </section>
  );
});

export default PolicyReaderScreen;
