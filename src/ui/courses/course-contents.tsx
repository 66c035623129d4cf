import { PlayCircleOutlined } from '@ant-design/icons';
import { Card, List, Space, Tag, Typography } from 'antd';
import type { ContentBlock, CourseContent } from '../../contracts/learning/courses.contract';

function Block({ block }: { block: ContentBlock }) {
  const p = block.payload as Record<string, unknown>;
  switch (block.type) {
    case 'TEXT':
    case 'TEXT_AREA':
      return <Typography.Paragraph>{String(p.text ?? '')}</Typography.Paragraph>;
    case 'VIDEO': {
      const minutes = typeof p.durationSeconds === 'number' ? ` · ${Math.round(p.durationSeconds / 60)} min` : '';
      return (
        <Space>
          <PlayCircleOutlined aria-hidden />
          <span>
            Video: <a href={String(p.url ?? '#')}>{String(p.title ?? p.url ?? 'video')}</a>
            {minutes}
          </span>
        </Space>
      );
    }
    default:
      return (
        <Typography.Paragraph type="secondary">
          {block.type.replace(/_/g, ' ').toLowerCase()} {p.text ? `: ${String(p.text)}` : ''}
        </Typography.Paragraph>
      );
  }
}

/** The course's lessons and quizzes, in order, in the served language. */
export function CourseContents({ contents }: { contents: CourseContent[] }) {
  if (contents.length === 0) return <Typography.Paragraph type="secondary">This course has no lessons or quizzes yet.</Typography.Paragraph>;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {contents.map((content, i) => (
        <Card
          key={content.contentId}
          size="small"
          title={
            <Space>
              <Tag color={content.kind === 'LESSON' ? 'geekblue' : 'purple'}>{content.kind === 'LESSON' ? 'Lesson' : 'Quiz'}</Tag>
              <span>
                {i + 1}. {content.title}
              </span>
            </Space>
          }
        >
          {content.kind === 'LESSON'
            ? content.blocks.map((block) => <Block key={block.blockId} block={block} />)
            : (
              <ol style={{ paddingLeft: 20, margin: 0 }}>
                {content.questions.map((q) => (
                  <li key={q.questionId} style={{ marginBottom: 8 }}>
                    <Typography.Text strong>{q.text}</Typography.Text>
                    <List
                      size="small"
                      dataSource={q.options.map((o) => ({ ...o }))}
                      renderItem={(o) => (
                        <List.Item style={{ padding: '2px 0', border: 0 }}>
                          {o.text} {o.correct ? <Tag color="green">Correct answer</Tag> : null}
                        </List.Item>
                      )}
                    />
                  </li>
                ))}
              </ol>
            )}
        </Card>
      ))}
    </Space>
  );
}
