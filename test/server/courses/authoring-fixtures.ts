import type { LessonBlock } from '../../../src/contracts/learning/blocks.contract';
import type { TestServer } from '../support/test-app';

/** Files named by blocks (ids of `files` rows: registerFiles records them as confirmed uploads of a workspace). */
export const FILES = {
  image: '0f000000-0000-4000-8000-000000000001',
  video: '0f000000-0000-4000-8000-000000000002',
  captionsEn: '0f000000-0000-4000-8000-000000000003',
  captionsHi: '0f000000-0000-4000-8000-000000000004',
  pdf: '0f000000-0000-4000-8000-000000000005',
};

const PURPOSES: Record<keyof typeof FILES, [purpose: string, type: string, name: string]> = {
  image: ['IMAGE', 'image/png', 'desk.png'],
  video: ['VIDEO', 'video/mp4', 'intro.mp4'],
  captionsEn: ['CAPTIONS', 'text/vtt', 'intro.en.vtt'],
  captionsHi: ['CAPTIONS', 'text/vtt', 'intro.hi.vtt'],
  pdf: ['PDF', 'application/pdf', 'handbook.pdf'],
};

/**
 * Records FILES as confirmed uploads of the workspace (the rows the confirm call writes; blocks may name only
 * these). The bytes are not stored: these tests read blocks, not files (test/server/courses/uploads.test.ts does).
 */
export async function registerFiles(
  server: TestServer,
  workspaceId: string,
  ids: Partial<Record<keyof typeof FILES, string>> = FILES,
): Promise<void> {
  await server.db.tenant(workspaceId, async (tx) => {
    for (const [name, id] of Object.entries(ids)) {
      const [purpose, type, fileName] = PURPOSES[name as keyof typeof FILES];
      await tx.query(
        `INSERT INTO files (workspace_id, id, owner_id, purpose, declared_name, declared_size, storage_key, size, detected_type, status, confirmed_at)
         VALUES ($1, $2, gen_random_uuid(), $3, $4, 100, $6, 100, $5, 'CONFIRMED', now())`,
        [workspaceId, id, purpose, fileName, type, `${workspaceId}/${id}-${fileName}`],
      );
    }
  });
}

/** One block of each of the sixteen types, in English and Hindi. */
export const EVERY_BLOCK: LessonBlock[] = [
  {
    type: 'CHECKBOX_WITH_TEXT',
    alignment: 'LEFT',
    required: true,
    texts: { ENGLISH: { label: 'I have read the policy' }, HINDI: { label: 'मैंने नीति पढ़ ली है' } },
  },
  {
    type: 'MULTIPLE_CHOICE',
    alignment: 'LEFT',
    options: [
      { key: 'a', correct: true },
      { key: 'b', correct: false },
    ],
    texts: {
      ENGLISH: { prompt: 'Who receives a complaint?', options: { a: 'The Internal Committee', b: 'The accused' } },
      HINDI: { prompt: 'शिकायत कौन प्राप्त करता है?', options: { a: 'आंतरिक समिति', b: 'आरोपी' } },
    },
  },
  {
    type: 'MULTIPLE_RESPONSE',
    alignment: 'LEFT',
    scoring: 'PARTIAL',
    options: [
      { key: 'a', correct: true },
      { key: 'b', correct: true },
      { key: 'c', correct: false },
    ],
    texts: {
      ENGLISH: {
        prompt: 'Which can be harassment?',
        options: { a: 'Remarks', b: 'Gestures', c: 'Feedback' },
        explanation: 'Both are conduct.',
      },
      HINDI: { prompt: 'कौन-सा उत्पीड़न हो सकता है?', options: { a: 'टिप्पणियाँ', b: 'इशारे', c: 'प्रतिक्रिया' } },
    },
  },
  {
    type: 'FILL_IN_BLANK',
    alignment: 'LEFT',
    scoring: 'PARTIAL',
    blanks: [{ key: 'days' }],
    texts: {
      ENGLISH: { sentence: 'A complaint is made within {{days}} days.', accepted: { days: ['90', 'ninety'] } },
      HINDI: { sentence: 'शिकायत {{days}} दिनों के भीतर की जाती है।', accepted: { days: ['90', 'नब्बे'] } },
    },
  },
  {
    type: 'MATCHING',
    alignment: 'LEFT',
    scoring: 'ALL_OR_NOTHING',
    pairs: [{ key: 'ic' }, { key: 'lc' }],
    texts: {
      ENGLISH: {
        prompt: 'Match',
        pairs: { ic: { left: 'IC', right: 'Internal Committee' }, lc: { left: 'LC', right: 'Local Committee' } },
      },
      HINDI: {
        prompt: 'मिलाएँ',
        pairs: { ic: { left: 'आईसी', right: 'आंतरिक समिति' }, lc: { left: 'एलसी', right: 'स्थानीय समिति' } },
      },
    },
  },
  {
    type: 'INPUT_BOX',
    alignment: 'LEFT',
    required: false,
    multiline: true,
    maxLength: 500,
    texts: { ENGLISH: { prompt: 'What would you do?', placeholder: 'Write here' }, HINDI: { prompt: 'आप क्या करेंगे?' } },
  },
  {
    type: 'IMAGE',
    alignment: 'CENTER',
    fileId: FILES.image,
    texts: { ENGLISH: { altText: 'An office', caption: 'Our office' }, HINDI: { altText: 'एक कार्यालय' } },
  },
  {
    type: 'MULTI_SELECT_QUESTION',
    alignment: 'LEFT',
    scoring: 'ALL_OR_NOTHING',
    options: [
      { key: 'x', correct: true },
      { key: 'y', correct: false },
    ],
    texts: {
      ENGLISH: { prompt: 'Pick the right ones', options: { x: 'Report', y: 'Ignore' } },
      HINDI: { prompt: 'सही चुनें', options: { x: 'रिपोर्ट करें', y: 'अनदेखा करें' } },
    },
  },
  {
    type: 'VIDEO',
    alignment: 'CENTER',
    fileId: FILES.video,
    durationSeconds: 120,
    texts: {
      ENGLISH: { title: 'Introduction', captionsFileId: FILES.captionsEn, transcript: 'Welcome.' },
      HINDI: { title: 'परिचय', captionsFileId: FILES.captionsHi, transcript: 'स्वागत है।' },
    },
  },
  {
    type: 'TEXT_AREA',
    alignment: 'LEFT',
    texts: {
      ENGLISH: { body: 'The POSH Act, 2013 protects you.' },
      HINDI: { body: 'पॉश अधिनियम, 2013 आपकी रक्षा करता है।' },
    },
  },
  {
    type: 'RESOURCE',
    alignment: 'LEFT',
    url: 'https://example.org/posh',
    texts: { ENGLISH: { title: 'The Act', description: 'Full text' }, HINDI: { title: 'अधिनियम' } },
  },
  {
    type: 'UPLOAD_RESOURCE',
    alignment: 'RIGHT',
    fileId: FILES.pdf,
    texts: { ENGLISH: { title: 'Handbook' }, HINDI: { title: 'पुस्तिका' } },
  },
  {
    type: 'BUTTON',
    alignment: 'CENTER',
    action: 'LINK',
    url: 'https://example.org/next',
    texts: { ENGLISH: { label: 'Read more' }, HINDI: { label: 'और पढ़ें' } },
  },
  {
    type: 'SINGLE_SELECT_QUESTION',
    alignment: 'LEFT',
    options: [
      { key: 'yes', correct: true },
      { key: 'no', correct: false },
    ],
    texts: {
      ENGLISH: { prompt: 'Is an IC required?', options: { yes: 'Yes', no: 'No' } },
      HINDI: { prompt: 'क्या आईसी आवश्यक है?', options: { yes: 'हाँ', no: 'नहीं' } },
    },
  },
  {
    type: 'ASK_TO_UPLOAD_RESOURCE',
    alignment: 'LEFT',
    required: true,
    accept: ['PDF'],
    texts: { ENGLISH: { prompt: 'Upload your signed form' }, HINDI: { prompt: 'अपना हस्ताक्षरित फ़ॉर्म अपलोड करें' } },
  },
  {
    type: 'VOTE',
    alignment: 'LEFT',
    options: [{ key: 'a' }, { key: 'b' }],
    texts: {
      ENGLISH: { prompt: 'Was this clear?', options: { a: 'Yes', b: 'No' } },
      HINDI: { prompt: 'क्या यह स्पष्ट था?', options: { a: 'हाँ', b: 'नहीं' } },
    },
  },
];

/** A quiz question in English and Hindi. */
export const QUESTION = {
  kind: 'SINGLE' as const,
  texts: { ENGLISH: { text: 'Who receives a complaint?' }, HINDI: { text: 'शिकायत कौन प्राप्त करता है?' } },
  options: [
    { key: 'ic', correct: true, texts: { ENGLISH: 'The Internal Committee', HINDI: 'आंतरिक समिति' } },
    { key: 'boss', correct: false, texts: { ENGLISH: 'Your manager', HINDI: 'आपके प्रबंधक' } },
    { key: 'none', correct: false, texts: { ENGLISH: 'Nobody', HINDI: 'कोई नहीं' } },
  ],
};
