import { expect as baseExpect, test, type Locator, type Page } from './support/test';
import { signIn, url } from './support/app';
import { expectAccessible, expectNoSidewaysScroll } from './support/accessibility';

/** Small files made from their real signatures: the server judges an upload by its bytes. */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(1000, 7)]);
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'),
  Buffer.alloc(2000, 0x20),
  Buffer.from('%%EOF\n'),
]);
const VTT = Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nWelcome.\n');
function mp4(size: number): Buffer {
  const head = Buffer.from([0, 0, 0, 0x20, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2avc1mp41')]);
  return Buffer.concat([head, Buffer.alloc(size - head.length, 3)]);
}

/** A loaded machine (five engineers, two cores) answers slowly: a journey this long waits longer for each step. */
const expect = baseExpect.configure({ timeout: 30_000 });

const editor = (page: Page): Locator => page.getByRole('region', { name: /^Editing: / });

/** Picks a block type in the picker, fills its editor with `fill`, saves it and waits for the saved notice. */
async function addBlock(
  page: Page,
  picker: 'Add a block' | 'Add a question',
  type: string,
  saveLabel: string,
  fill: (form: Locator) => Promise<void>,
) {
  await page
    .getByRole('group', { name: picker })
    .getByRole('button', { name: new RegExp(`^${type}`) })
    .click();
  const form = editor(page);
  await expect(form).toBeVisible();
  await fill(form);
  await form.getByRole('button', { name: `Save ${saveLabel}` }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `${saveLabel.charAt(0).toUpperCase()}${saveLabel.slice(1)} saved.` }),
  ).toBeVisible();
  await expect(form).toHaveCount(0);
}

async function options(form: Locator, labels: string[]) {
  for (const [i, label] of labels.entries()) {
    if (i >= 2) await form.getByRole('button', { name: 'Add an option' }).click();
    await form.getByLabel(`Option ${i + 1}`, { exact: true }).fill(label);
  }
}

async function upload(form: Locator, label: string, name: string, mimeType: string, buffer: Buffer) {
  await form.getByLabel(label, { exact: true }).setInputFiles({ name, mimeType, buffer });
  await expect(form.getByText(`${name} uploaded`)).toBeVisible({ timeout: 30_000 });
}

test.describe('course authoring', () => {
  test.use({ actionTimeout: 30_000 });

  test('an admin writes a course with every block type in English and Hindi, previews it in Hindi and publishes it', async ({
    page,
  }) => {
    test.setTimeout(600_000); // about 200 steps through the whole stack
    const title = `Respect at work ${Date.now().toString(36)}`;
    await signIn(page, 'acme', 'admin@acme.test');
    await page.goto(url('acme', '/courses'));
    await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Courses' }).getByRole('row', { name: /Preventing Sexual Harassment at Work/ }),
    ).toContainText('Published');
    await expectAccessible(page, 'Courses');

    // Create: a drawer, then the builder of the new draft.
    await page.getByRole('button', { name: 'Create course' }).click();
    const drawer = page.getByRole('dialog', { name: 'Create course' });
    await drawer.getByLabel('Title').fill(title);
    await expectAccessible(page, 'Create course drawer');
    await drawer.getByRole('button', { name: 'Create and open the builder' }).click();
    await expect(page).toHaveURL(/\/courses\/[0-9a-f-]+\/build$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('This course has no lessons yet')).toBeVisible();
    await expectAccessible(page, 'Empty course builder');

    // Hindi, then back to English to write.
    await page.getByRole('combobox', { name: 'Add a language' }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Hindi (हिन्दी)', { exact: true }).click();
    await expect(page.getByRole('radio', { name: /Hindi/ })).toBeChecked();
    await page.getByText('English · primary').click();
    await expect(page.getByRole('radio', { name: /English/ })).toBeChecked();

    await page.getByLabel('New lesson title').fill('Understanding respect');
    await page.getByRole('button', { name: 'Add lesson' }).click();
    await expect(page.getByRole('heading', { name: 'Lesson: Understanding respect' })).toBeVisible();

    // The sixteen block types, in English.
    await addBlock(page, 'Add a block', 'Text', 'text', async (form) => {
      await form.getByLabel('Text', { exact: true }).fill('Everyone at work deserves **respect**.');
      await expect(form.getByText('Everyone at work deserves respect.')).toBeVisible(); // the live preview, as Markdown
    });
    await expectAccessible(page, 'Builder with a block');
    await addBlock(page, 'Add a block', 'Checkbox with text', 'checkbox with text', async (form) => {
      await form.getByLabel('Text beside the checkbox').fill('I have read the policy');
    });
    await addBlock(page, 'Add a block', 'Multiple choice', 'multiple choice', async (form) => {
      await form.getByLabel('Question', { exact: true }).fill('Who can raise a complaint?');
      await options(form, ['Any employee', 'Only managers', 'Only HR']);
    });
    await addBlock(page, 'Add a block', 'Multiple response', 'multiple response', async (form) => {
      await form.getByLabel('Question', { exact: true }).fill('Which can be harassment?');
      await options(form, ['Unwelcome remarks', 'A project deadline']);
    });
    await addBlock(page, 'Add a block', 'Fill in the blank', 'fill in the blank', async (form) => {
      await form.getByLabel('Sentence', { exact: true }).fill('Complaints go to the {{blank1}}.');
      await form.getByLabel('Answers accepted for {{blank1}}, one per line').fill('Internal Committee\nIC');
    });
    await addBlock(page, 'Add a block', 'Matching', 'matching', async (form) => {
      await form.getByLabel('Instruction').fill('Match each term');
      await form.getByLabel('Pair 1, left').fill('IC');
      await form.getByLabel('Pair 1, right').fill('Internal Committee');
      await form.getByLabel('Pair 2, left').fill('POSH');
      await form.getByLabel('Pair 2, right').fill('Prevention of Sexual Harassment');
    });
    await addBlock(page, 'Add a block', 'Input box', 'input box', async (form) => {
      await form.getByLabel('Question', { exact: true }).fill('What would you do?');
    });
    await addBlock(page, 'Add a block', 'Image', 'image', async (form) => {
      await expect(form.getByText('PNG, JPEG, GIF or WebP, at most')).toBeVisible(); // the limit, before choosing
      await upload(form, 'Image', 'poster.png', 'image/png', PNG);
      await form.getByLabel('Alternative text').fill('Two colleagues talking at a desk');
    });
    await addBlock(page, 'Add a block', 'Multi-select question', 'multi-select question', async (form) => {
      await form.getByLabel('Question', { exact: true }).fill('Who sits on the committee?');
      await options(form, ['An external member', 'The accused']);
    });
    await addBlock(page, 'Add a block', 'Video', 'video', async (form) => {
      await expect(form.getByText('MP4 or WebM, at most')).toBeVisible();
      await upload(form, 'Video', 'welcome.mp4', 'video/mp4', mp4(2 * 1024 * 1024));
      await upload(form, 'Captions in English (WebVTT)', 'welcome-en.vtt', 'text/vtt', VTT);
      await form.getByLabel('Transcript', { exact: true }).fill('Narrator: welcome to the course.');
    });
    await addBlock(page, 'Add a block', 'Link to a resource', 'link to a resource', async (form) => {
      await form.getByLabel('Title', { exact: true }).fill('The POSH Act');
      await form.getByLabel('Address (https://...)').fill('https://example.org/posh-act');
    });
    await addBlock(page, 'Add a block', 'Downloadable file', 'downloadable file', async (form) => {
      await upload(form, 'File to download', 'policy.pdf', 'application/pdf', PDF);
      await form.getByLabel('Title', { exact: true }).fill('Our policy');
    });
    await addBlock(page, 'Add a block', 'Button', 'button', async (form) => {
      await form.getByLabel('Button text').fill('Continue');
    });
    await addBlock(page, 'Add a block', 'Single-select question', 'single-select question', async (form) => {
      await form.getByLabel('Question', { exact: true }).fill('How many days to file?');
      await options(form, ['Three months', 'One week']);
    });
    await addBlock(page, 'Add a block', 'Ask the learner for a file', 'ask the learner for a file', async (form) => {
      await form.getByLabel('What the learner should hand in').fill('Upload your signed acknowledgement');
    });
    await addBlock(page, 'Add a block', 'Vote', 'vote', async (form) => {
      await form.getByLabel('Question', { exact: true }).fill('Did this lesson help?');
      await options(form, ['Yes', 'No']);
    });
    const blocks = page.getByRole('list', { name: 'Blocks' }).locator(':scope > li');
    await expect(blocks).toHaveCount(16);
    await expect(page.getByText(/Hindi \(हिन्दी\) · 16 missing/)).toBeVisible();

    // Hindi for the text and the multiple-choice question.
    await page.getByText(/Hindi \(हिन्दी\) · 16 missing/).click();
    await page.getByRole('button', { name: 'Edit block 1 (Text)' }).click();
    await editor(page).getByLabel('Text (Hindi (हिन्दी))').fill('कार्यस्थल पर हर किसी को सम्मान मिलना चाहिए।');
    await editor(page).getByRole('button', { name: 'Save text' }).click();
    await expect(page.getByText(/Hindi \(हिन्दी\) · 15 missing/)).toBeVisible();
    await page.getByRole('button', { name: 'Edit block 3 (Multiple choice)' }).click();
    const mc = editor(page);
    await mc.getByLabel('Question (Hindi (हिन्दी))').fill('शिकायत कौन कर सकता है?');
    await mc.getByLabel(/^Option 1 \(/).fill('कोई भी कर्मचारी');
    await mc.getByLabel(/^Option 2 \(/).fill('केवल प्रबंधक');
    await mc.getByLabel(/^Option 3 \(/).fill('केवल एचआर');
    await mc.getByRole('button', { name: 'Save multiple choice' }).click();
    await expect(page.getByText(/Hindi \(हिन्दी\) · 14 missing/)).toBeVisible();

    // A quiz with its settings and a question.
    await page.getByText('English · primary').click();
    await page.getByLabel('New quiz title').fill('Check your understanding');
    await page.getByRole('button', { name: 'Add quiz' }).click();
    await expect(page.getByRole('heading', { name: 'Quiz: Check your understanding' })).toBeVisible();
    await page.getByLabel('Pass mark (%)').fill('80');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Quiz settings saved.' })).toBeVisible();
    await addBlock(page, 'Add a question', 'One right answer', 'multiple choice', async (form) => {
      await form.getByLabel('Question', { exact: true }).fill('Is retaliation allowed?');
      await options(form, ['No, never', 'Yes']);
    });
    await expectAccessible(page, 'Quiz in the builder');

    // Order by keyboard: the quiz up above the lesson, then back.
    await page.getByRole('button', { name: 'Move Check your understanding up' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: '"Check your understanding" moved to position 1 of 2.' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Move Check your understanding down' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'moved to position 2 of 2.' })).toBeVisible();

    // Preview in Hindi: Hindi words where translated, the primary language (with a hint) elsewhere.
    await page.getByRole('tab', { name: 'Preview' }).click();
    await page.getByText(/Hindi \(हिन्दी\) · \d+ missing/).click();
    const preview = page.getByRole('tabpanel', { name: 'Preview' });
    await expect(preview.getByText('कार्यस्थल पर हर किसी को सम्मान मिलना चाहिए।')).toBeVisible();
    await expect(preview.getByText('शिकायत कौन कर सकता है?')).toBeVisible();
    await expect(preview.getByText('कोई भी कर्मचारी')).toBeVisible();
    await expect(preview.locator('[lang="hi"]').first()).toBeVisible();
    await expect(preview.getByText(/Shown in the primary language \(English\)/).first()).toBeVisible();
    await expectAccessible(page, 'Preview in Hindi');
    await page.screenshot({ path: test.info().outputPath('preview-hindi-1366.png'), fullPage: true });

    // Publish: the checklist's warnings (no Hindi captions), then version 1.
    await page.getByRole('tab', { name: /^Publish/ }).click();
    const checklist = page.getByRole('tabpanel', { name: /^Publish/ });
    await expect(checklist.getByText('Nothing stops publishing.')).toBeVisible();
    await expect(checklist.getByText(/This video has no captions in this language\. \(Hindi/)).toBeVisible();
    await expectAccessible(page, 'Publish checklist');
    await checklist.getByRole('button', { name: 'Publish version 1' }).click();
    // Asked once more before the version freezes.
    const confirm = page.getByRole('tooltip').filter({ hasText: 'Publish version 1?' });
    await expect(confirm).toBeInViewport();
    await expectAccessible(page, 'Publish confirmation');
    await confirm.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(checklist.getByText(/Version 1 published\./)).toBeVisible();
    await expect(page.locator('.course-builder .ant-tag', { hasText: /^Published$/ })).toBeVisible();

    // The list shows it with its languages and counts.
    await page.goto(url('acme', '/courses'));
    await expect(page.getByLabel('Search courses by title')).toBeEditable();
    await page.getByLabel('Search courses by title').fill(title);
    await page.getByLabel('Search courses by title').press('Enter');
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect(row).toContainText('Published');
    await expect(row).toContainText('Hindi (हिन्दी)');

    // On a phone.
    await row.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page, 'Course builder at 390 px');
    await expectAccessible(page, 'Course builder at 390 px');
    await page.screenshot({ path: test.info().outputPath('builder-390.png'), fullPage: true });
  });
  test('an admin moves blocks by keyboard, names the lesson in Hindi, switches the course reminders off and on and duplicates the course', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const title = `Speak up ${Date.now().toString(36)}`;
    await signIn(page, 'acme', 'admin@acme.test');
    await page.goto(url('acme', '/courses'));
    await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Courses' }).getByRole('row', { name: /Preventing Sexual Harassment at Work/ }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Create course' }).click();
    const drawer = page.getByRole('dialog', { name: 'Create course' });
    await drawer.getByLabel('Title').fill(title);
    await drawer.getByRole('button', { name: 'Create and open the builder' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByLabel('New lesson title').fill('Raising a concern');
    await page.getByRole('button', { name: 'Add lesson' }).click();
    await expect(page.getByRole('heading', { name: 'Lesson: Raising a concern' })).toBeVisible();
    for (const words of ['First, listen.', 'Then, write it down.']) {
      await addBlock(page, 'Add a block', 'Text', 'text', async (form) => {
        await form.getByLabel('Text', { exact: true }).fill(words);
      });
    }
    const blocks = page.getByRole('list', { name: 'Blocks' });
    await expect(blocks.getByRole('listitem').first()).toContainText('First, listen.');

    // The second block up, by keyboard: it leads now, and stays so after a reload (the server holds the order).
    const up = page.getByRole('button', { name: 'Move block 2 (Text) up' });
    await up.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Block moved to position 1 of 2.' })).toBeVisible();
    await expect(blocks.getByRole('listitem').first()).toContainText('Then, write it down.');
    await expect(page.getByRole('button', { name: 'Move block 1 (Text) up' })).toBeDisabled();
    await page.reload();
    await expect(page.getByRole('list', { name: 'Blocks' }).getByRole('listitem').first()).toContainText(
      'Then, write it down.',
    );

    // The lesson's title in Hindi, kept beside the English one.
    await page.getByRole('combobox', { name: 'Add a language' }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Hindi (हिन्दी)', { exact: true }).click();
    await expect(page.getByRole('radio', { name: /Hindi/ })).toBeChecked();
    const hindiTitle = page.getByRole('textbox', { name: 'Title in Hindi (हिन्दी)' });
    await expect(hindiTitle).toHaveValue('');
    await hindiTitle.fill('चिंता उठाना');
    await page.getByRole('button', { name: 'Save title' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Title saved in Hindi (हिन्दी).' })).toBeVisible();
    await page.getByText('English · primary').click();
    await expect(page.getByRole('textbox', { name: 'Title in English' })).toHaveValue('Raising a concern');
    await page.getByText(/Hindi \(हिन्दी\) · \d+ missing/).click();
    await expect(page.getByRole('textbox', { name: 'Title in Hindi (हिन्दी)' })).toHaveValue('चिंता उठाना');

    // Reminders: a new course starts with them on; off, then on again, as the server holds them.
    const reminders = page.getByRole('switch', { name: 'Reminders' });
    await expect(reminders).toBeChecked();
    await reminders.click();
    await expect(page.getByRole('status').filter({ hasText: 'Reminders off for this course.' })).toBeVisible();
    await expect(reminders).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Reminders' })).not.toBeChecked();
    await page.getByRole('switch', { name: 'Reminders' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Reminders on: learners of this course are reminded' }),
    ).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Reminders' })).toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Reminders' })).toBeChecked();
    await expectAccessible(page, 'Builder with moved blocks and reminders on');

    // Duplicate: a new draft opens with the same lesson and blocks, in the same order.
    await page.evaluate(() => window.scrollTo(0, 0)); // the header's actions, as a user scrolls back up to them
    await page.getByRole('button', { name: 'Duplicate' }).click();
    const confirm = page.getByRole('tooltip').getByRole('button', { name: 'Duplicate' });
    await expect(confirm).toBeInViewport();
    await confirm.click();
    await expect(page.getByRole('heading', { level: 1, name: `${title} (copy)` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Lesson: Raising a concern' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Blocks' }).getByRole('listitem').first()).toContainText(
      'Then, write it down.',
    );
    await expect(page.getByRole('switch', { name: 'Reminders' })).toBeChecked();
  });

  test('an admin gives the course a cover image and replaces a lesson’s image; after a reload the builder still shows both files', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const title = `Bystanders ${Date.now().toString(36)}`;
    await signIn(page, 'acme', 'admin@acme.test');
    await page.goto(url('acme', '/courses'));
    await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
    await page.getByRole('button', { name: 'Create course' }).click();
    const drawer = page.getByRole('dialog', { name: 'Create course' });
    await drawer.getByLabel('Title').fill(title);
    await drawer.getByRole('button', { name: 'Create and open the builder' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // The cover: none yet, then an image with its limits said first and its progress shown.
    await expect(page.getByText('No cover image yet')).toBeVisible();
    await expect(page.getByText('PNG, JPEG, GIF or WebP, at most').first()).toBeVisible();
    await page
      .getByLabel('Upload a cover image')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('Cover image set: cover.png uploaded')).toBeVisible();
    await expect(page.getByRole('img', { name: `Cover of ${title}` })).toHaveAttribute('src', /\/files\//);

    await page.getByLabel('New lesson title').fill('Stepping in');
    await page.getByRole('button', { name: 'Add lesson' }).click();
    await expect(page.getByRole('heading', { name: 'Lesson: Stepping in' })).toBeVisible();
    await addBlock(page, 'Add a block', 'Image', 'image', async (form) => {
      await upload(form, 'Image', 'first.png', 'image/png', PNG);
      await form.getByLabel('Alternative text').fill('A bystander steps in');
    });

    // After a reload the builder reads the course's files again: the cover shows, the block names its file.
    await page.reload();
    await expect(page.getByRole('img', { name: `Cover of ${title}` })).toHaveAttribute('src', /\/files\//);
    await expect(page.getByLabel('Replace the cover image')).toBeVisible();
    await page.getByRole('button', { name: 'Edit block 1 (Image)' }).click();
    const form = editor(page);
    await expect(form.getByRole('link', { name: 'first.png' })).toHaveAttribute('href', /\/files\//);
    await expect(
      form.getByText('Choose another file to replace it; published versions keep the old one.'),
    ).toBeVisible();
    await upload(form, 'Image', 'second.png', 'image/png', PNG);
    await expect(form.getByRole('link', { name: 'second.png' })).toBeVisible();
    await form.getByRole('button', { name: 'Save image' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Image saved.' })).toBeVisible();
    await page.reload();
    await page.getByRole('button', { name: 'Edit block 1 (Image)' }).click();
    await expect(editor(page).getByRole('link', { name: 'second.png' })).toBeVisible();
    await expectAccessible(page, 'Builder with a cover image and an image block being edited');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page, 'Builder with a cover image at 390 px');
    await expectAccessible(page, 'Builder with a cover image at 390 px');
    await page.screenshot({ path: test.info().outputPath('builder-cover-390.png'), fullPage: true });
  });
});
