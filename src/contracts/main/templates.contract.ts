import { z } from 'zod';
import { TemplateInput, TemplateKindSchema } from '../../domain/messages/message-template';
import { route } from '../route';

/**
 * A workspace's own wording of its messages (the invitation so far). `POST /api/template` is in
 * api/endpoints.tsv; the read, the preview and the reset are not, and are named here and in docs/organisation.md.
 */

export const MessageTemplate = z.object({
  kind: TemplateKindSchema,
  subject: z.string(),
  body: z.string(),
  /** True when the workspace saved its own wording; false when this is the platform's default. */
  custom: z.boolean(),
  defaultSubject: z.string(),
  defaultBody: z.string(),
  /** The placeholders this message may use, with what each becomes. */
  placeholders: z.array(z.object({ name: z.string(), meaning: z.string(), required: z.boolean() })),
  updatedAt: z.string().nullable(),
});
export type MessageTemplate = z.infer<typeof MessageTemplate>;

export const SaveTemplateBody = TemplateInput;
export type SaveTemplateBody = z.infer<typeof SaveTemplateBody>;

export const TemplateKindParams = z.strictObject({ kind: z.enum(['invitation']) });

export const saveTemplate = route({
  api: 'main',
  method: 'POST',
  path: '/api/template',
  summary:
    "Saves the workspace's wording of a message (plain text with {{placeholders}}; the invitation must keep {{link}})",
  body: SaveTemplateBody,
  response: MessageTemplate,
  access: ['WORKSPACE_ADMIN'],
});

/** Not in api/endpoints.tsv: the read behind the editor. */
export const readTemplate = route({
  api: 'main',
  method: 'GET',
  path: '/api/template/{kind}',
  summary: "The workspace's wording of a message, or the default, with its placeholders",
  params: TemplateKindParams,
  response: MessageTemplate,
  access: ['WORKSPACE_ADMIN'],
});

/** Not in api/endpoints.tsv: back to the platform's wording. */
export const resetTemplate = route({
  api: 'main',
  method: 'DELETE',
  path: '/api/template/{kind}',
  summary: "Drops the workspace's wording of a message: the platform's default is sent again",
  params: TemplateKindParams,
  response: MessageTemplate,
  access: ['WORKSPACE_ADMIN'],
});

export const TemplatePreview = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export type TemplatePreview = z.infer<typeof TemplatePreview>;

/** Not in api/endpoints.tsv: the message as it would be sent, with sample values; nothing is saved or sent. */
export const previewTemplate = route({
  api: 'main',
  method: 'POST',
  path: '/api/template/preview',
  summary:
    'Renders a wording with sample values (the signed-in admin as the invited person), as the mail would be sent',
  body: SaveTemplateBody,
  response: TemplatePreview,
  access: ['WORKSPACE_ADMIN'],
});
