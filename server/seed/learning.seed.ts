import { LessonBlock } from '../../src/contracts/learning/blocks.contract';
import { loadCourseModel, snapshotOf } from '../learning/courses/course-model';
import type { Database, Sql } from '../platform/db/database';
import type { DemoWorkspace } from './demo.seed';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { detectType, SNIFF_BYTES } from '../../src/domain/files/file-types';
import type { DirectFileUrls } from '../platform/signed-files';
import { randomBytes } from 'node:crypto';
import { verificationCode } from '../../src/domain/courses/progress';

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

/** The second demo course: the Code of Conduct, renewed every year. */
const CONDUCT: {
  title: Text;
  description: Text;
  lesson: Text;
  text: Text;
  questions: { text: Text; options: { text: Text; correct: boolean }[] }[];
} = {
  title: { ENGLISH: 'Respect at Work: Our Code of Conduct', HINDI: 'कार्यस्थल पर सम्मान: हमारी आचार संहिता' },
  description: {
    ENGLISH: 'How we treat each other at Acme, what the Code of Conduct asks of everyone, and where to go for help.',
    HINDI: 'एक्मे में हम एक-दूसरे से कैसा व्यवहार करते हैं, आचार संहिता सबसे क्या अपेक्षा करती है, और सहायता कहाँ मिलती है।',
  },
  lesson: { ENGLISH: 'Treating colleagues with respect', HINDI: 'सहकर्मियों के साथ सम्मानजनक व्यवहार' },
  text: {
    ENGLISH:
      'Everyone at Acme has the right to work free of harassment, discrimination and bullying. Speak up when something is wrong: tell your manager, HR, or the Internal Committee. Retaliation against anyone who raises a concern in good faith is itself a breach of the Code.',
    HINDI:
      'एक्मे में हर व्यक्ति को उत्पीड़न, भेदभाव और धमकाने से मुक्त होकर काम करने का अधिकार है। कुछ गलत हो तो आवाज़ उठाएँ: अपने प्रबंधक, एचआर या आंतरिक समिति को बताएँ। सद्भावना से चिंता उठाने वाले के विरुद्ध प्रतिशोध स्वयं आचार संहिता का उल्लंघन है।',
  },
  questions: [
    {
      text: {
        ENGLISH: 'A colleague raised a concern in good faith. May anyone punish them for it?',
        HINDI: 'एक सहकर्मी ने सद्भावना से चिंता उठाई। क्या कोई उसे इसके लिए दंडित कर सकता है?',
      },
      options: [
        {
          text: { ENGLISH: 'No: retaliation breaches the Code', HINDI: 'नहीं: प्रतिशोध संहिता का उल्लंघन है' },
          correct: true,
        },
        {
          text: { ENGLISH: 'Yes, if the concern was not upheld', HINDI: 'हाँ, यदि चिंता सही नहीं पाई गई' },
          correct: false,
        },
      ],
    },
    {
      text: { ENGLISH: 'Where can you raise a concern?', HINDI: 'आप चिंता कहाँ उठा सकते हैं?' },
      options: [
        {
          text: {
            ENGLISH: 'Your manager, HR or the Internal Committee',
            HINDI: 'अपने प्रबंधक, एचआर या आंतरिक समिति के पास',
          },
          correct: true,
        },
        { text: { ENGLISH: 'Only on social media', HINDI: 'केवल सोशल मीडिया पर' }, correct: false },
      ],
    },
  ],
};

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

/**
 * The demo's two courses, published (version 1) in English (primary) and Hindi: the POSH course (a lesson with text and
 * the video, and a quiz) and the Code of Conduct (renewed yearly), with learners at every stage of both.
 */
export async function seedLearning(db: Database, ws: DemoWorkspace): Promise<void> {
  const posh = await db.tenant(ws.id, (tx) =>
    seedCourse(tx, ws, {
      title: COURSE.title,
      description: COURSE.description,
      reminders: true,
      validityYears: null,
      lesson: { title: LESSON.title, text: LESSON.text, video: true },
      questions: QUESTIONS,
    }),
  );
  // The second course is renewed every year: its certificates expire, one of them soon (the dashboard's figure).
  // Its reminders are off: the demo's mails stay the ones a visitor sends.
  const conduct = await db.tenant(ws.id, (tx) =>
    seedCourse(tx, ws, {
      title: CONDUCT.title,
      description: CONDUCT.description,
      reminders: false,
      validityYears: 1,
      lesson: { title: CONDUCT.lesson, text: CONDUCT.text, video: false },
      questions: CONDUCT.questions,
    }),
  );
  await seedLearners(db, ws, posh, conduct);
}

interface DemoCourse {
  title: Text;
  description: Text;
  reminders: boolean;
  validityYears: number | null;
  lesson: { title: Text; text: Text; video: boolean };
  questions: { text: Text; options: { text: Text; correct: boolean }[] }[];
}

/** A published course (version 1) in English (primary) and Hindi: one lesson (text, and the demo video) and a quiz. */
async function seedCourse(tx: Sql, ws: DemoWorkspace, def: DemoCourse): Promise<{ id: string; title: string }> {
  const [course] = await tx.query<{ id: string }>(
    `INSERT INTO courses (workspace_id, title, description, status, reminder_enabled, validity_years, created_by, published_at, version, published_version)
     VALUES ($1, $2, $3, 'PUBLISHED', $4, $5, $6, now(), 1, 1) RETURNING id`,
    [ws.id, def.title.ENGLISH, def.description.ENGLISH, def.reminders, def.validityYears, ws.adminId || null],
  );
  for (const language of LANGS) {
    await tx.query(
      `INSERT INTO course_languages (workspace_id, course_id, language, priority, title, description) VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        ws.id,
        course.id,
        language,
        language === 'ENGLISH' ? 'PRIMARY' : 'SECONDARY',
        def.title[language],
        def.description[language],
      ],
    );
  }

  const lesson = await addContent(tx, ws.id, course.id, 'LESSON', 0, def.lesson.title);
  const text: LessonBlock = {
    type: 'TEXT_AREA',
    alignment: 'LEFT',
    texts: { ENGLISH: { body: def.lesson.text.ENGLISH }, HINDI: { body: def.lesson.text.HINDI } },
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
  for (const [position, block] of (def.lesson.video ? [text, video] : [text]).entries()) {
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
  for (const [position, q] of def.questions.entries()) {
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
  return { id: course.id, title: def.title.ENGLISH };
}

/** Where a demo learner stands in a course: days from today of the due date, and of the completion if completed. */
type Stage =
  | { kind: 'NOT_STARTED'; dueIn: number }
  | { kind: 'IN_PROGRESS'; dueIn: number }
  | { kind: 'OVERDUE'; dueIn: number }
  | { kind: 'COMPLETED'; completedDaysAgo: number; score: number };

const POSH_STAGES: Stage[] = [
  { kind: 'NOT_STARTED', dueIn: 14 },
  { kind: 'NOT_STARTED', dueIn: 14 },
  { kind: 'NOT_STARTED', dueIn: 21 },
  { kind: 'NOT_STARTED', dueIn: 21 },
  { kind: 'IN_PROGRESS', dueIn: 10 },
  { kind: 'IN_PROGRESS', dueIn: 10 },
  { kind: 'IN_PROGRESS', dueIn: 5 },
  { kind: 'OVERDUE', dueIn: -7 },
  { kind: 'OVERDUE', dueIn: -12 },
  { kind: 'COMPLETED', completedDaysAgo: 20, score: 100 },
  { kind: 'COMPLETED', completedDaysAgo: 31, score: 100 },
  { kind: 'COMPLETED', completedDaysAgo: 44, score: 50 },
];
const CONDUCT_STAGES: Stage[] = [
  { kind: 'NOT_STARTED', dueIn: 21 },
  { kind: 'NOT_STARTED', dueIn: 21 },
  { kind: 'NOT_STARTED', dueIn: 30 },
  { kind: 'IN_PROGRESS', dueIn: 12 },
  { kind: 'IN_PROGRESS', dueIn: 12 },
  { kind: 'OVERDUE', dueIn: -3 },
  // Completed 345 days ago on a course renewed yearly: the certificate expires in 20 days.
  { kind: 'COMPLETED', completedDaysAgo: 345, score: 100 },
  { kind: 'COMPLETED', completedDaysAgo: 60, score: 100 },
  { kind: 'COMPLETED', completedDaysAgo: 75, score: 100 },
  { kind: 'COMPLETED', completedDaysAgo: 90, score: 50 },
  { kind: 'COMPLETED', completedDaysAgo: 120, score: 100 },
  { kind: 'COMPLETED', completedDaysAgo: 150, score: 100 },
];

/**
 * Learners at every stage of the two courses (not started, in progress, overdue, completed with a certificate, one
 * certificate expiring soon), among Acme's generated employees; the demo employee has the Code of Conduct course to
 * take. The POSH course is left for visitors (and the journeys) to assign to the demo employee.
 */
async function seedLearners(
  db: Database,
  ws: DemoWorkspace,
  posh: { id: string; title: string },
  conduct: { id: string; title: string },
): Promise<void> {
  await db.tenant(ws.id, async (tx) => {
    const people = await tx.query<{ id: string; name: string; email: string }>(
      `SELECT id, trim(first_name || ' ' || last_name) AS name, email FROM users
        WHERE workspace_id = $1 AND email NOT IN ('admin@acme.test', 'employer@acme.test', 'buadmin@acme.test', 'employee@acme.test')
        ORDER BY email`,
      [ws.id],
    );
    const [org] = await tx.query<{ name: string }>(`SELECT company_name AS name FROM workspaces WHERE id = $1`, [
      ws.id,
    ]);
    const [employee] = await tx.query<{ id: string }>(
      `SELECT id FROM users WHERE workspace_id = $1 AND email = 'employee@acme.test'`,
      [ws.id],
    );
    const plan: {
      userId: string;
      name: string;
      course: { id: string; title: string };
      stage: Stage;
      years: number | null;
    }[] = [];
    POSH_STAGES.forEach((stage, i) => {
      const p = people[i];
      if (p) plan.push({ userId: p.id, name: p.name, course: posh, stage, years: null });
    });
    CONDUCT_STAGES.forEach((stage, i) => {
      const p = people[POSH_STAGES.length + i];
      if (p) plan.push({ userId: p.id, name: p.name, course: conduct, stage, years: 1 });
    });
    if (employee)
      plan.push({
        userId: employee.id,
        name: 'Esha Employee',
        course: conduct,
        stage: { kind: 'NOT_STARTED', dueIn: 7 },
        years: 1,
      });
    for (const item of plan) await assignAtStage(tx, ws, item, org?.name ?? '');
  });
}

async function assignAtStage(
  tx: Sql,
  ws: DemoWorkspace,
  a: { userId: string; name: string; course: { id: string; title: string }; stage: Stage; years: number | null },
  organisation: string,
): Promise<void> {
  const { stage } = a;
  const days = (n: number) => `now() + (${Math.trunc(n)} * interval '1 day')`;
  const assignedDaysAgo = stage.kind === 'COMPLETED' ? stage.completedDaysAgo + 14 : 20;
  const due = stage.kind === 'COMPLETED' ? -stage.completedDaysAgo + 7 : stage.dueIn;
  const status = stage.kind === 'COMPLETED' ? 'COMPLETED' : stage.kind === 'IN_PROGRESS' ? 'IN_PROGRESS' : 'ASSIGNED';
  const [assignment] = await tx.query<{ id: string }>(
    `INSERT INTO course_assignments (workspace_id, course_id, user_id, assigned_by, assigned_at, status, completed_at, course_version, due_at, assignment_mail_pending, assigned_via)
     VALUES ($1, $2, $3, $4, ${days(-assignedDaysAgo)}, $5, ${stage.kind === 'COMPLETED' ? days(-stage.completedDaysAgo) : 'NULL'}, 1, ${days(due)}, false, 'ADMIN')
     RETURNING id`,
    [ws.id, a.course.id, a.userId, ws.adminId || null, status],
  );
  if (stage.kind !== 'COMPLETED') return;
  const [completion] = await tx.query<{ id: string; completed_on: string; expires_on: string | null }>(
    `INSERT INTO course_completions (workspace_id, user_id, course_id, assignment_id, cycle, completed_at, completed_on, score, attempts,
                                     course_version, course_title, language, expires_on, source)
     SELECT $1, $2, $3, $4, 1, t, t::date, $5, $6, 1, $7, 'ENGLISH', CASE WHEN $8::int IS NULL THEN NULL ELSE (t + make_interval(years => $8::int))::date END, 'PLAYER'
       FROM (SELECT ${days(-stage.completedDaysAgo)} AS t) AS at
     RETURNING id, completed_on::text AS completed_on, expires_on::text AS expires_on`,
    [ws.id, a.userId, a.course.id, assignment.id, stage.score, stage.score === 100 ? 1 : 2, a.course.title, a.years],
  );
  await tx.query(
    `INSERT INTO certificates (workspace_id, code, completion_id, user_id, course_id, name, course_title, language, organisation, completed_on, issued_on, expires_on)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'ENGLISH', $8, $9, $9, $10)`,
    [
      ws.id,
      verificationCode(randomBytes(12)),
      completion.id,
      a.userId,
      a.course.id,
      a.name,
      a.course.title,
      organisation,
      completion.completed_on,
      completion.expires_on,
    ],
  );
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
