import { Typography } from 'antd';
import { TrainingCards } from './training-cards';

/** "My training": every course assigned to the signed-in person. */
export function MyTrainingScreen() {
  return (
    <>
      <Typography.Title level={1}>My training</Typography.Title>
      <Typography.Paragraph type="secondary">The courses assigned to you, what is due and what to do next.</Typography.Paragraph>
      <TrainingCards headingLevel={2} />
    </>
  );
}

export default MyTrainingScreen;
