import type { FastifyInstance } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import {
  acceptedPolicyDocument,
  acceptPolicy,
  myAcceptedPolicies,
  myPolicies,
  personPolicies,
  policyAcceptances,
  policyAcceptancesExport,
  policyDocument,
  publishPolicy,
  readAcceptedPolicy,
  readPolicy,
  recordAcceptance,
  workspacePolicyCatalogue,
  workspacePolicyList,
} from '../../../src/contracts/learning/policies.contract';
import type { ApiDeps } from '../../platform/deps';
import { HttpError, notFound } from '../../platform/errors';
import { answer } from '../../platform/refusal';
import { serve, workspaceUser, type HandlerContext } from '../../platform/serve';
import { WorkspacePolicies } from './policies.service';
import { workspaceActor } from '../../platform/actor';

const STATE_WORDS = { ACCEPTED: 'Accepted', PENDING: 'To accept', OVERDUE: 'Overdue' } as const;

/** A spreadsheet cell that starts like a formula is written as text (CSV injection). */
const cell = (value: string | number | null) => {
  if (value === null) return '';
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
};

/** Policies in a workspace: publication, reading and acceptance, the admins' views (docs/policies.md). */
export async function policyRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const policies = new WorkspacePolicies(deps.db, deps.fileUrls);

  serve(app, workspacePolicyCatalogue, async (ctx) => policies.catalogue(workspaceActor(ctx).workspaceId));
  serve(app, publishPolicy, async (ctx) => answer(await policies.publish(workspaceActor(ctx), ctx.body)));
  serve(app, workspacePolicyList, async (ctx) => policies.list(workspaceActor(ctx).workspaceId));

  serve(app, policyAcceptances, async (ctx) =>
    answer(await policies.acceptancePage(workspaceActor(ctx).workspaceId, ctx.params.id, ctx.query)),
  );

  serve(app, policyAcceptancesExport, async (ctx) => {
    const { policy, rows } = answer(await policies.acceptanceRows(workspaceActor(ctx).workspaceId, ctx.params.id));
    const csv = stringify([
      [
        'Name',
        'Email',
        'Business unit',
        'State',
        'Version accepted',
        'Language',
        'Accepted at',
        'Recorded for them because',
        'Due on',
      ],
      ...rows.map((r) =>
        [
          r.name,
          r.email,
          r.branchName,
          STATE_WORDS[r.state],
          r.version,
          r.language,
          r.acceptedAt,
          r.recordedReason,
          r.dueOn,
        ].map(cell),
      ),
    ]);
    const name =
      policy.title
        .replace(/[^A-Za-z0-9 _-]/g, '')
        .trim()
        .replace(/\s+/g, '-')
        .slice(0, 60) || 'policy';
    return ctx.reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}-acceptances.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  serve(app, personPolicies, async (ctx) =>
    answer(await policies.personPolicies(workspaceActor(ctx).workspaceId, ctx.params.id)),
  );
  serve(app, recordAcceptance, async (ctx) =>
    answer(await policies.recordFor(workspaceActor(ctx), ctx.params.id, ctx.body)),
  );

  serve(app, myPolicies, async (ctx) => policies.mine(workspaceActor(ctx)));
  serve(app, readPolicy, async (ctx) =>
    answer(await policies.reading(workspaceActor(ctx), ctx.params.id, ctx.query.language ?? null)),
  );
  serve(app, policyDocument, async (ctx) => {
    const { bytes } = answer(await policies.document(workspaceActor(ctx), ctx.params.id, ctx.query.language ?? null));
    return ctx.reply
      .type('application/pdf')
      .header('content-disposition', 'inline; filename="policy.pdf"')
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(bytes));
  });
  serve(app, acceptPolicy, async (ctx) => answer(await policies.accept(workspaceActor(ctx), ctx.params.id, ctx.body)));

  serve(app, myAcceptedPolicies, async (ctx) =>
    policies.acceptedPage(workspaceActor(ctx), ctx.query.page, ctx.query.pageSize),
  );
  serve(app, readAcceptedPolicy, async (ctx) => {
    const accepted = await policies.acceptedOne(workspaceActor(ctx), ctx.params.id, ctx.params.version);
    if (!accepted) throw notFound('You have not accepted this policy version');
    return accepted;
  });
  serve(app, acceptedPolicyDocument, async (ctx) => {
    const doc = await policies.acceptedDocument(workspaceActor(ctx), ctx.params.id, ctx.params.version);
    if (doc === 'no-storage')
      throw new HttpError(503, 'NO_FILE_STORAGE', 'This server has no file storage configured.');
    if (!doc) throw notFound('You have not accepted this policy version');
    return ctx.reply
      .type('application/pdf')
      .header('content-disposition', 'inline; filename="policy.pdf"')
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(doc.bytes));
  });
}
