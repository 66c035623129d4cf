import type { MessageTemplate } from '../../../src/contracts/main/templates.contract';
import type { TemplateKind } from '../../../src/domain/messages/message-template';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { templates } from '../../platform/message-templates';
import { inviteValidDays } from '../invitations/invite-sender';
import { firstNameOf, readTemplate, removeTemplate, saveTemplate } from './templates.repository';
import type { Acting } from '../../platform/actor';

/** The workspace's wording of its messages: read, save, preview, reset (workspace admins, checked by the contract). */
export class TemplatesService {
  constructor(private readonly db: Database) {}

  async read(workspaceId: string, kind: TemplateKind): Promise<MessageTemplate> {
    return this.db.tenant(workspaceId, (tx) => readTemplate(tx, workspaceId, kind));
  }

  async save(
    actor: Acting<'workspaceId' | 'workspaceName' | 'userId' | 'ip'>,
    kind: TemplateKind,
    wording: { subject: string; body: string },
  ) {
    const { workspaceId, userId } = actor;
    return this.db.tenant(workspaceId, async (tx) => {
      await saveTemplate(tx, workspaceId, kind, wording, userId);
      await audit(tx, {
        workspaceId,
        actorUserId: userId,
        action: 'template.saved',
        target: kind,
        ip: actor.ip,
        details: { subject: wording.subject, bodyLength: wording.body.length },
      });
      return readTemplate(tx, workspaceId, kind);
    });
  }

  async reset(
    actor: Acting<'workspaceId' | 'workspaceName' | 'userId' | 'ip'>,
    kind: TemplateKind,
  ): Promise<MessageTemplate> {
    const { workspaceId, userId } = actor;
    return this.db.tenant(workspaceId, async (tx) => {
      if (await removeTemplate(tx, workspaceId, kind)) {
        await audit(tx, { workspaceId, actorUserId: userId, action: 'template.reset', target: kind, ip: actor.ip });
      }
      return readTemplate(tx, workspaceId, kind);
    });
  }

  /** The mail as the invited person would see it, with the admin as the sample person and a sample link. */
  async previewInvitation(
    actor: Acting<'workspaceId' | 'workspaceName' | 'userId' | 'ip'>,
    origin: string,
    wording: { subject: string; body: string },
  ) {
    const { workspaceId } = actor;
    const [firstName, days] = await this.db.tenant(
      workspaceId,
      async (tx) => [await firstNameOf(tx, workspaceId, actor.userId), await inviteValidDays(tx, workspaceId)] as const,
    );
    return templates.invitation({
      workspaceName: actor.workspaceName,
      firstName: firstName ?? 'Ana',
      link: `${origin}/invite/sample-link`,
      days,
      wording,
    });
  }
}
