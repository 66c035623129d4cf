import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Card, Col, Progress, Row, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewModel } from '../shared/container-context';
import { EmptyState, LoadError, Placeholder } from '../shared/page-state';
import { MyTrainingViewModel, type TrainingCard } from './my-training.view-model';

/**
 * The learner's courses as cards: a progress ring, the status, the due date as a chip (red when late), what comes
 * next and one primary button. Used by "My training" and by the dashboard (where a person with no course assigned
 * who is not an employee sees nothing at all: `quietWhenEmpty`).
 */
export const TrainingCards = observer(function TrainingCards({
  headingLevel,
  quietWhenEmpty = false,
  title,
}: {
  headingLevel: 2 | 3;
  quietWhenEmpty?: boolean;
  /** A heading above the cards (level headingLevel - 1), shown only with them. */
  title?: string;
}) {
  const vm = useViewModel(MyTrainingViewModel);
  const { t } = useTranslation();
  useEffect(() => {
    void vm.load();
  }, [vm]);
  const heading = title ? (
    <Typography.Title level={(headingLevel - 1) as 1 | 2} style={{ fontSize: 20 }}>
      {title}
    </Typography.Title>
  ) : null;
  const content = body();
  return content ? (
    <div style={{ marginBottom: 24 }}>
      {heading}
      {content}
    </div>
  ) : null;

  function body() {
    if (vm.courses.status === 'loading') {
      if (quietWhenEmpty) return null;
      return (
        <div role="status" aria-live="polite" aria-label={t('training.loading')}>
          <Row gutter={[16, 16]}>
            {[0, 1].map((i) => (
              <Col xs={24} md={12} xl={8} key={i}>
                <Card>
                  <Placeholder avatar={{ shape: 'circle', size: 64 }} paragraph={{ rows: 2 }} />
                </Card>
              </Col>
            ))}
          </Row>
        </div>
      );
    }
    if (vm.courses.status === 'error') {
      return quietWhenEmpty ? null : (
        <LoadError
          message={t('training.loadError', { error: vm.courses.error ?? '' })}
          onRetry={() => void vm.load()}
        />
      );
    }
    if (vm.cards.length === 0) {
      return quietWhenEmpty ? null : <EmptyState title={t('training.empty')} />;
    }
    return (
      <section aria-label={t('training.title')}>
        <Row gutter={[16, 16]}>
          {vm.cards.map((card) => (
            <Col xs={24} md={12} xl={8} key={card.courseId}>
              <CourseCard card={card} headingLevel={headingLevel} />
            </Col>
          ))}
        </Row>
      </section>
    );
  }
});

function CourseCard({ card, headingLevel }: { card: TrainingCard; headingLevel: 2 | 3 }) {
  const { t } = useTranslation();
  const Heading = `h${headingLevel}` as const;
  return (
    <Card className="training-card" style={{ height: '100%' }}>
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        <Progress
          type="circle"
          size={64}
          percent={card.progressPercent}
          status={card.status === 'COMPLETED' ? 'success' : 'normal'}
          aria-label={t('training.percentDone', { percent: card.progressPercent })}
        />
        <div style={{ minWidth: 0, flex: 1 }}>
          <Heading className="training-card-title">{card.title}</Heading>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 8 }}>
            <Tag color={card.statusColour}>{card.statusLabel}</Tag>
            {card.due ? (
              <Tag
                color={card.late ? 'error' : card.status === 'COMPLETED' ? 'success' : 'default'}
                icon={<ClockCircleOutlined aria-hidden />}
              >
                {card.due}
              </Tag>
            ) : null}
          </div>
          {card.next ? (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
              {card.next}
            </Typography.Paragraph>
          ) : null}
          <Button
            type="primary"
            style={{ minHeight: 44 }}
            aria-label={`${card.action}: ${card.title}`}
            onClick={() => window.location.assign(card.path)}
          >
            {card.action}
          </Button>
        </div>
      </div>
    </Card>
  );
}
