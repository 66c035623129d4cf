import { Alert, Card, Descriptions, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useService, useViewModel } from '../shared/container-context';
import { ChangePasswordForm } from './change-password-form';
import { ChangePasswordViewModel } from './change-password.view-model';
import { LanguageCard } from './language-card';
import { LanguageViewModel } from './language.view-model';
import { ProfileForm } from './profile-form';
import { ProfilePictureCard } from './profile-picture-card';
import { ProfilePictureViewModel } from './profile-picture.view-model';
import { ProfileViewModel } from './profile.view-model';
import { SessionViewModel } from './session.view-model';

export const ProfileScreen = observer(function ProfileScreen() {
  const session = useService(SessionViewModel);
  const vm = useViewModel(ProfileViewModel);
  const password = useViewModel(ChangePasswordViewModel);
  const picture = useViewModel(ProfilePictureViewModel);
  const language = useViewModel(LanguageViewModel);
  const { t } = useTranslation();
  const user = session.workspaceUser;
  if (!user) return null;
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        {t('profile.title')}
      </Typography.Title>
      <Card style={{ maxWidth: 560 }}>
        <Descriptions
          column={1}
          size="small"
          style={{ marginBottom: 16 }}
          items={[
            { key: 'email', label: t('profile.email'), children: user.email },
            { key: 'role', label: t('profile.role'), children: t(`roles.${user.role}`) },
            { key: 'workspace', label: t('profile.workspace'), children: user.workspace.companyName },
          ]}
        />
        {vm.status === 'saved' ? (
          <Alert type="success" showIcon role="status" title={t('profile.saved')} style={{ marginBottom: 16 }} />
        ) : null}
        <ProfileForm
          vm={vm}
          initial={{ firstName: user.firstName, lastName: user.lastName }}
          submitLabel={t('profile.save')}
        />
      </Card>
      <Card
        title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('profile.languageTitle')}</h2>}
        style={{ maxWidth: 560, marginTop: 24 }}
      >
        <LanguageCard vm={language} session={session} />
      </Card>
      <Card
        title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('profile.picture')}</h2>}
        style={{ maxWidth: 560, marginTop: 24 }}
      >
        <ProfilePictureCard vm={picture} />
      </Card>
      <Card
        title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('profile.password')}</h2>}
        style={{ maxWidth: 560, marginTop: 24 }}
      >
        <ChangePasswordForm vm={password} />
      </Card>
    </>
  );
});

export default ProfileScreen;
