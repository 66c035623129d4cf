import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TrainingCards } from './training-cards';

/** "My training": every course assigned to the signed-in person. */
export function MyTrainingScreen() {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={1}>{t('training.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('training.lead')}</Typography.Paragraph>
      <TrainingCards headingLevel={2} />
    </>
  );
}

export default MyTrainingScreen;
