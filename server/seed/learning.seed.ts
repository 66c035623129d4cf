import { LessonBlock } from '../../src/contracts/learning/blocks.contract';
import { loadCourseModel, snapshotOf } from '../learning/courses/course-model';
import type { Database, Sql } from '../platform/db/database';
import type { DemoWorkspace } from './demo.seed';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { detectType, SNIFF_BYTES } from '../../src/domain/files/file-types';
import type { DirectFileUrls } from '../platform/signed-files';

type Lang = 'ENGLISH' | 'HINDI';
type Text = Record<Lang, string>;

const COURSE = {
  title: { ENGLISH: 'Preventing Sexual Harassment at Work', HINDI: 'कार्यस्थल पर यौन उत्पीड़न की रोकथाम' },
  description: {
    ENGLISH:
      'What sexual harassment at work is, how the law protects you, and how to raise a complaint with the Internal Committee.',
    HINDI: 'कार्यस्थल पर यौन उत्पीड़न क्या है, कानून आपकी रक्षा कैसे करता है, और आंतरिक समिति के पास शिकायत कैसे दर्ज करें।',
  },
};

const LESSON = {
  title: { ENGLISH: 'Understanding sexual harassment', HINDI: 'यौन उत्पीड़न को समझना' },
  text: {
    ENGLISH:
      'Sexual harassment is any unwelcome behaviour of a sexual nature: physical contact and advances, a demand or request for sexual favours, sexually coloured remarks, showing pornography, or any other unwelcome physical, verbal or non-verbal conduct of a sexual nature. Under the POSH Act, 2013, every employer with ten or more employees must set up an Internal Committee to receive and resolve complaints.',
    HINDI:
      'यौन उत्पीड़न यौन प्रकृति का कोई भी अवांछित व्यवहार है: शारीरिक संपर्क और प्रस्ताव, यौन अनुग्रह की मांग या अनुरोध, यौन रंग वाली टिप्पणियाँ, अश्लील सामग्री दिखाना, या यौन प्रकृति का कोई अन्य अवांछित शारीरिक, मौखिक या गैर-मौखिक आचरण। पॉश अधिनियम, 2013 के अंतर्गत दस या अधिक कर्मचारियों वाले प्रत्येक नियोक्ता को शिकायतें प्राप्त करने और उनका निवारण करने के लिए एक आंतरिक समिति गठित करनी होती है।',
  },
  video: {
    // Short clips shipped with the web app (public/media, made by scripts/make-demo-video.mjs).
    ENGLISH: { url: '/media/posh-introduction-en.webm', title: 'Introduction to the POSH Act', durationSeconds: 3 },
    HINDI: { url: '/media/posh-introduction-hi.webm', title: 'पॉश अधिनियम का परिचय', durationSeconds: 3 },
  },
};

const QUIZ_TITLE: Text = { ENGLISH: 'Check your understanding', HINDI: 'अपनी समझ जाँचें' };

const QUESTIONS: { text: Text; options: { text: Text; correct: boolean }[] }[] = [
  {
    text: {
      ENGLISH: 'Which of these can be sexual harassment?',
      HINDI: 'इनमें से कौन-सा यौन उत्पीड़न हो सकता है?',
    },
    options: [
      { text: { ENGLISH: 'Sexually coloured remarks', HINDI: 'यौन रंग वाली टिप्पणियाँ' }, correct: true },
      { text: { ENGLISH: 'Feedback on the quality of work', HINDI: 'काम की गुणवत्ता पर प्रतिक्रिया' }, correct: false },
      { text: { ENGLISH: 'A meeting invitation', HINDI: 'बैठक का निमंत्रण' }, correct: false },
    ],
  },
  {
    text: {
      ENGLISH: 'Who receives a complaint of sexual harassment at work?',
      HINDI: 'कार्यस्थल पर यौन उत्पीड़न की शिकायत कौन प्राप्त करता है?',
    },
    options: [
      { text: { ENGLISH: 'The Internal Committee', HINDI: 'आंतरिक समिति' }, correct: true },
      { text: { ENGLISH: 'The accused person', HINDI: 'आरोपी व्यक्ति' }, correct: false },
      { text: { ENGLISH: 'Nobody: it must be kept quiet', HINDI: 'कोई नहीं: इसे चुप रखना चाहिए' }, correct: false },
    ],
  },
  {
    text: {
      ENGLISH: 'Must an employer with ten or more employees set up an Internal Committee?',
      HINDI: 'क्या दस या अधिक कर्मचारियों वाले नियोक्ता को आंतरिक समिति गठित करनी चाहिए?',
    },
    options: [
      { text: { ENGLISH: 'Yes', HINDI: 'हाँ' }, correct: true },
      { text: { ENGLISH: 'No', HINDI: 'नहीं' }, correct: false },
    ],
  },
];

const LANGS: Lang[] = ['ENGLISH', 'HINDI'];

/**
 * The demo video's stored file: the clip shipped with the web app (public/media, made by scripts/make-demo-video.mjs).
 * A block names a file by the id the file storage gave it; the demo's clip has this fixed id, and its address is
 * the web root's, so the demo needs no upload. (The Hindi clip stays in public/media for the file storage's seed.)
 */
export const DEMO_VIDEO_FILE_ID = '5e1d0000-0000-4000-8000-00000000f11e';
export const DEMO_MEDIA: Record<string, string> = {
  [DEMO_VIDEO_FILE_ID]: '/media/posh-introduction-en.webm',
  '5e1d0000-0000-4000-8000-00000000f11f': '/media/posh-introduction-hi.webm',
};

/**
 * Registers the demo video as a real file of the workspace: its bytes in the file store and its CONFIRMED row in
 * `files` under the fixed id the seeded VIDEO block names, so it plays through the normal signed download URL (with
 * ranges). Idempotent: nothing happens when the row is there. `mediaDir` holds the shipped clips (public/media).
 */
export async function seedDemoFiles(db: Database, urls: DirectFileUrls, mediaDir: string): Promise<void> {
  const [acme] = await db.query<{ id: string; owner: string | null }>(
    `SELECT w.id, (SELECT u.id FROM users u WHERE u.workspace_id = w.id AND u.email = 'admin@acme.test') AS owner FROM workspaces w WHERE w.slug = 'acme'`,
  );
  if (!acme) return;
  const known = await db.tenant(acme.id, (tx) =>
    tx.query(`SELECT 1 FROM files WHERE workspace_id = $1 AND id = $2`, [acme.id, DEMO_VIDEO_FILE_ID]),
  );
  if (known.length) return;
  const name = path.basename(DEMO_MEDIA[DEMO_VIDEO_FILE_ID]);
  const bytes = new Uint8Array(await readFile(path.join(mediaDir, name)));
  const type = detectType(bytes.subarray(0, SNIFF_BYTES));
  if (type !== 'video/webm' && type !== 'video/mp4')
    throw new Error(`The demo video ${name} is not a video (${type ?? 'unknown'})`);
  const key = await urls.store(acme.id, name, bytes);
  await db.tenant(acme.id, (tx) =>
    tx.query(
      `INSERT INTO files (workspace_id, id, owner_id, purpose, declared_name, declared_size, storage_key, size, detected_type, language, status, confirmed_at)
       VALUES ($1, $2, $3, 'VIDEO', $4, $5, $6, $5, $7, 'ENGLISH', 'CONFIRMED', now())`,
      [acme.id, DEMO_VIDEO_FILE_ID, acme.owner ?? acme.id, name, bytes.length, key, type],
    ),
  );
}

/** The demo course: published (version 1), in English (primary) and Hindi, with a lesson (text + video) and a quiz. */
export async function seedLearning(db: Database, ws: DemoWorkspace): Promise<void> {
  await db.tenant(ws.id, async (tx) => {
    const [course] = await tx.query<{ id: string }>(
      `INSERT INTO courses (workspace_id, title, description, status, reminder_enabled, created_by, published_at, version, published_version)
       VALUES ($1, $2, $3, 'PUBLISHED', true, $4, now(), 1, 1) RETURNING id`,
      [ws.id, COURSE.title.ENGLISH, COURSE.description.ENGLISH, ws.adminId || null],
    );
    for (const language of LANGS) {
      await tx.query(
        `INSERT INTO course_languages (workspace_id, course_id, language, priority, title, description) VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          ws.id,
          course.id,
          language,
          language === 'ENGLISH' ? 'PRIMARY' : 'SECONDARY',
          COURSE.title[language],
          COURSE.description[language],
        ],
      );
    }

    const lesson = await addContent(tx, ws.id, course.id, 'LESSON', 0, LESSON.title);
    const text: LessonBlock = {
      type: 'TEXT_AREA',
      alignment: 'LEFT',
      texts: { ENGLISH: { body: LESSON.text.ENGLISH }, HINDI: { body: LESSON.text.HINDI } },
    };
    const video: LessonBlock = {
      type: 'VIDEO',
      alignment: 'CENTER',
      fileId: DEMO_VIDEO_FILE_ID,
      durationSeconds: LESSON.video.ENGLISH.durationSeconds,
      texts: {
        ENGLISH: { title: LESSON.video.ENGLISH.title, transcript: LESSON.text.ENGLISH },
        HINDI: { title: LESSON.video.HINDI.title, transcript: LESSON.text.HINDI },
      },
    };
    for (const [position, block] of [text, video].entries()) {
      await tx.query(
        `INSERT INTO lesson_blocks (workspace_id, content_id, position, type, block) VALUES ($1, $2, $3, $4, $5)`,
        [ws.id, lesson, position, block.type, JSON.stringify(LessonBlock.parse(block))],
      );
    }

    const quiz = await addContent(tx, ws.id, course.id, 'QUIZ', 1, QUIZ_TITLE);
    await tx.query(
      `INSERT INTO quizzes (workspace_id, content_id, pass_mark, max_attempts, answer_reveal) VALUES ($1, $2, 70, 3, 'AFTER_PASSING')`,
      [ws.id, quiz],
    );
    for (const [position, q] of QUESTIONS.entries()) {
      const [question] = await tx.query<{ id: string }>(
        `INSERT INTO quiz_questions (workspace_id, content_id, position, kind, texts) VALUES ($1, $2, $3, 'SINGLE', $4) RETURNING id`,
        [ws.id, quiz, position, JSON.stringify({ ENGLISH: { text: q.text.ENGLISH }, HINDI: { text: q.text.HINDI } })],
      );
      for (const [i, option] of q.options.entries()) {
        await tx.query(
          `INSERT INTO quiz_options (workspace_id, question_id, key, position, correct, texts) VALUES ($1, $2, $3, $4, $5, $6)`,
          [ws.id, question.id, `o${i + 1}`, i, option.correct, JSON.stringify(option.text)],
        );
      }
    }
    // Version 1 is what was published: frozen like any publish (server/learning/courses/authoring.service.ts).
    const model = await loadCourseModel(tx, ws.id, course.id);
    await tx.query(
      `INSERT INTO course_versions (workspace_id, course_id, version, published_by, snapshot) VALUES ($1, $2, 1, $3, $4)`,
      [ws.id, course.id, ws.adminId || null, JSON.stringify(snapshotOf(model))],
    );
  });
}

async function addContent(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  kind: 'LESSON' | 'QUIZ',
  position: number,
  title: Text,
): Promise<string> {
  const [content] = await tx.query<{ id: string }>(
    `INSERT INTO course_contents (workspace_id, course_id, kind, position) VALUES ($1, $2, $3, $4) RETURNING id`,
    [workspaceId, courseId, kind, position],
  );
  for (const language of LANGS) {
    await tx.query(
      `INSERT INTO course_content_titles (workspace_id, content_id, language, title) VALUES ($1, $2, $3, $4)`,
      [workspaceId, content.id, language, title[language]],
    );
  }
  return content.id;
}
