import { z } from 'zod';

/**
 * A workspace's own wording of a message: plain text with placeholders in double braces ({{firstName}}).
 * The server fills them in (each value escaped for the HTML part) and writes the HTML version itself, so a
 * template can hold no markup. Only the invitation is customisable so far.
 */
export const TEMPLATE_KINDS = ['INVITATION'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export const TEMPLATE_SUBJECT_MAX = 200;
export const TEMPLATE_BODY_MAX = 5000;

export interface TemplateSpec {
  /** Placeholders the message may use, with what each becomes. */
  placeholders: Record<string, string>;
  /** Placeholders the body must contain (the invitation is useless without its link). */
  required: readonly string[];
  defaultSubject: string;
  defaultBody: string;
}

export const TEMPLATE_SPECS: Record<TemplateKind, TemplateSpec> = {
  INVITATION: {
    placeholders: {
      firstName: "the invited person's first name",
      companyName: "the workspace's company name",
      link: 'the personal link that sets up the account',
      expiresOn: 'the last day the link works',
      days: 'how many days the link works',
    },
    required: ['link'],
    defaultSubject: 'You are invited to {{companyName}} on SafePlace',
    defaultBody: [
      'Hello {{firstName}},',
      '{{companyName}} has invited you to SafePlace, where you will take your workplace training and can raise a concern safely.',
      'Set up your account: {{link}}',
      'The link works once, until {{expiresOn}}.',
    ].join('\n\n'),
  },
};

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholder names a text uses, in order (repeats kept). */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]);
}

/** What is wrong with a subject or body of this kind, or null. */
export function templateProblem(kind: TemplateKind, field: 'subject' | 'body', text: string): string | null {
  const spec = TEMPLATE_SPECS[kind];
  const unknown = placeholdersIn(text).filter((name) => !(name in spec.placeholders));
  if (unknown.length > 0) {
    return `Unknown placeholder {{${unknown[0]}}}: use ${Object.keys(spec.placeholders)
      .map((p) => `{{${p}}}`)
      .join(', ')}`;
  }
  // A brace left over is almost always a mistyped placeholder.
  if (/\{\{|\}\}/.test(text.replace(PLACEHOLDER, ''))) return 'Close every placeholder with }} (like {{firstName}})';
  if (field === 'body') {
    const missing = spec.required.find((name) => !placeholdersIn(text).includes(name));
    if (missing) return `The message must contain {{${missing}}}`;
  }
  return null;
}

/** Fills placeholders with values (the caller escapes them as its output needs). */
export function fillTemplate(text: string, values: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}

/** Splits a text into literal parts and placeholders, for output that treats each differently (HTML). */
export function templateParts(text: string): ({ text: string } | { placeholder: string })[] {
  const parts: ({ text: string } | { placeholder: string })[] = [];
  let at = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    if (m.index > at) parts.push({ text: text.slice(at, m.index) });
    parts.push({ placeholder: m[1] });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

export const TemplateKindSchema = z.enum(TEMPLATE_KINDS);

/** The template a workspace admin saves: validated the same way on the screen and on the server. */
export const TemplateInput = z
  .strictObject({
    kind: TemplateKindSchema,
    subject: z
      .string()
      .trim()
      .min(1, 'Give a subject')
      .max(TEMPLATE_SUBJECT_MAX, `At most ${TEMPLATE_SUBJECT_MAX} characters`)
      .refine((s) => !/[\r\n]/.test(s), 'The subject is one line'),
    body: z
      .string()
      .overwrite((s) => s.replace(/\r\n?/g, '\n'))
      .trim()
      .min(1, 'Write the message')
      .max(TEMPLATE_BODY_MAX, `At most ${TEMPLATE_BODY_MAX} characters`),
  })
  .superRefine((value, ctx) => {
    for (const field of ['subject', 'body'] as const) {
      const problem = templateProblem(value.kind, field, value[field]);
      if (problem) ctx.addIssue({ code: 'custom', path: [field], message: problem });
    }
  });
export type TemplateInput = z.infer<typeof TemplateInput>;
