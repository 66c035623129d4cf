import { PlayCircleOutlined } from '@ant-design/icons';
import { Card, List, Space, Tag, Typography } from 'antd';
import type { ContentBlock, CourseContent } from '../../contracts/learning/courses.contract';
import { learnerBlock } from '../../domain/courses/blocks';

/** A block as a learner would read it in the served language (the primary's words where it lacks a translation). */
function Block({ block }: { block: ContentBlock }) {
  // block.language is the language its words are served in (the primary's when the asked one lacks a translation).
  const words = block.language ?? 'ENGLISH';
  const served = learnerBlock(block.block, words, words, block.blockId);
  switch (served.type) {
    case 'TEXT_AREA':
      return <Typography.Paragraph>{served.body}</Typography.Paragraph>;
    case 'VIDEO': {
      const minutes = served.durationSeconds ? ` · ${Math.round(served.durationSeconds / 60)} min` : '';
      return (
        <Space>
          <PlayCircleOutlined aria-hidden />
          <span>
            Video: {served.title ?? 'video'}
            {minutes}
          </span>
        </Space>
      );
    }
    default: {
      const text =
        'prompt' in served ? served.prompt : 'label' in served ? served.label : 'title' in served ? served.title : '';
      return (
        <Typography.Paragraph type="secondary">
          {served.type.replace(/_/g, ' ').toLowerCase()} {text ? `: ${text}` : ''}
        </Typography.Paragraph>
      );
    }
  }
}

/** The course's lessons and quizzes, in order, in the served language. */
export function CourseContents({ contents }: { contents: CourseContent[] }) {
  if (contents.length === 0)
    return <Typography.Paragraph type="secondary">This course has no lessons or quizzes yet.</Typography.Paragraph>;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {contents.map((content, i) => (
        <Card
          key={content.contentId}
          size="small"
          title={
            <Space>
              <Tag color={content.kind === 'LESSON' ? 'geekblue' : 'purple'}>
                {content.kind === 'LESSON' ? 'Lesson' : 'Quiz'}
              </Tag>
              <span>
                {i + 1}. {content.title}
              </span>
            </Space>
          }
        >
          {content.kind === 'LESSON' ? (
            content.blocks.map((block) => <Block key={block.blockId} block={block} />)
          ) : (
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
