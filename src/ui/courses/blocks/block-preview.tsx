import { Alert, Typography } from 'antd';
import type { CSSProperties } from 'react';
import type { LessonBlock } from '../../../contracts/learning/blocks.contract';
import { learnerBlock } from '../../../domain/courses/blocks';
import { LANGUAGE_LABELS, type CourseLanguage } from '../../../domain/courses/course';
import { LANGUAGE_TAGS } from './language-tags';
import { ServedBlockView, type FileUrl } from './served-block';

// The learner's controls are the light ones of ./served-block.tsx (the player's own entry loads them without antd).
export { ServedBlockView, type BlockInteraction, type FileUrl, type VideoEvents } from './served-block';

const ALIGN: Record<LessonBlock['alignment'], CSSProperties['textAlign']> = {
  LEFT: 'left',
  CENTER: 'center',
  RIGHT: 'right',
};

/**
 * A block as the learner will see it in a language: served by the domain's `learnerBlock` (the words of that
 * language, or of the primary one when the translation is incomplete; never the answers), with the controls the
 * learner will use. Nothing is recorded: it is a preview.
 */
export function BlockPreview({
  block,
  language,
  primary,
  fileUrl,
  seed = 'preview',
}: {
  block: LessonBlock;
  language: CourseLanguage;
  primary: CourseLanguage;
  fileUrl?: FileUrl;
  seed?: string;
}) {
  const served = learnerBlock(block, language, primary, seed);
  const lang = LANGUAGE_TAGS[served.language ?? language];
  return (
    <div className="block-preview" style={{ textAlign: ALIGN[served.alignment], marginBottom: 16 }}>
      {served.fallback ? (
        <Typography.Text
          type="secondary"
          style={{ display: 'block', fontSize: 13, marginBottom: 4, textAlign: 'left' }}
        >
          Shown in the primary language ({LANGUAGE_LABELS[primary]}): the {LANGUAGE_LABELS[language]} translation is not
          complete.
        </Typography.Text>
      ) : null}
      <div lang={lang}>
        <ServedBlockView block={served} fileUrl={fileUrl} />
      </div>
    </div>
  );
}

/** A message under the preview when nothing can be shown yet. */
export function EmptyPreview() {
  return <Alert type="info" showIcon title="Nothing to preview yet: write the block's words first." />;
}
