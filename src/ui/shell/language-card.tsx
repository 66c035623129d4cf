import { Alert, Select, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { CourseLanguage } from '../../domain/courses/course';
import { LANGUAGE_AUTONYMS } from '../../domain/shared/app-language';
import type { LanguageViewModel } from './language.view-model';
import type { SessionViewModel } from './session.view-model';

const DEFAULT = 'WORKSPACE_DEFAULT';

/** The profile's language selector: each language in its own name, and "the workspace's language" to follow the default. */
export const LanguageCard = observer(function LanguageCard({
  vm,
  session,
}: {
  vm: LanguageViewModel;
  session: SessionViewModel;
}) {
  const { t } = useTranslation();
  const user = session.workspaceUser;
  if (!user) return null;
  const offered = user.workspace.languages ?? ['ENGLISH'];
  const fallback = user.workspace.defaultLanguage ?? 'ENGLISH';
  const options = [
    { value: DEFAULT, label: t('profile.workspaceDefault', { language: LANGUAGE_AUTONYMS[fallback] }) },
    ...offered.map((l) => ({ value: l, label: LANGUAGE_AUTONYMS[l] })),
  ];
  return (
    <>
      <Typography.Paragraph type="secondary">{t('profile.languageLead')}</Typography.Paragraph>
      <label htmlFor="profile-language" style={{ display: 'block', marginBottom: 8 }}>
        {t('profile.languageLabel')}
      </label>
      <Select<string>
        id="profile-language"
        style={{ width: '100%', maxWidth: 360 }}
        size="large"
        value={user.language ?? DEFAULT}
        loading={vm.status === 'saving'}
        disabled={vm.status === 'saving'}
        options={options}
        onChange={(value) => void vm.choose(value === DEFAULT ? null : (value as CourseLanguage))}
      />
      {vm.status === 'saved' ? (
        <Alert type="success" showIcon role="status" title={t('profile.languageSaved')} style={{ marginTop: 16 }} />
      ) : null}
      {vm.error ? <Alert type="error" showIcon title={vm.error} style={{ marginTop: 16 }} /> : null}
    </>
  );
});
