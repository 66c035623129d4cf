import type { FastifyInstance } from 'fastify';
import {
  categoryCreate,
  categoryDelete,
  categoryList,
  categoryUpdate,
  complianceCreate,
  complianceDelete,
  complianceList,
  complianceUpdate,
  jurisdictionCreate,
  jurisdictionDelete,
  jurisdictionList,
  jurisdictionUpdate,
  type CreateComplianceBody,
} from '../../../src/contracts/learning/catalogue.contract';
import type { Sql } from '../../platform/db/database';
import type { ApiDeps } from '../../platform/deps';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { serve } from '../../platform/serve';
import { auditCatalogue, platformActor } from './catalogue-audit';
import * as catalogue from './catalogue.repository';

/** Jurisdictions, compliance categories and compliances: the platform admin's catalogue (docs/policies.md). */
export async function catalogueRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const db = deps.db;

  serve(app, jurisdictionList, async () => ({ items: await db.system((tx) => catalogue.jurisdictions(tx)) }));

  serve(app, jurisdictionCreate, async ({ body, principal, request }) =>
    db.system(async (tx) => {
      const country = body.code.slice(0, 2);
      let parentId: string | null = body.parentId ?? null;
      if (body.code.includes('-')) {
        const parent = parentId ? await catalogue.findJurisdiction(tx, parentId) : null;
        if (!parent)
          throw badRequest('A state or province names its country', { parentId: 'Choose the country it belongs to' });
        if (parent.country !== country || parent.parentId) {
          throw badRequest('The parent is not this code’s country', {
            parentId: `Choose ${country}, the country of ${body.code}`,
          });
        }
      } else if (parentId) {
        throw badRequest('A country has no parent', { parentId: 'A country belongs to no other jurisdiction' });
      } else {
        parentId = null;
      }
      const created = await catalogue.insertJurisdiction(tx, { code: body.code, name: body.name, country, parentId });
      if (!created) throw conflict(`${body.code} is already in the list`, { code: 'This code is already in the list' });
      await auditCatalogue(tx, platformActor(principal, request.ip), 'jurisdiction.created', created.id, {
        code: created.code,
        name: created.name,
      });
      return created;
    }),
  );

  serve(app, jurisdictionUpdate, async ({ params, body, principal, request }) =>
    db.system(async (tx) => {
      const updated = await catalogue.renameJurisdiction(tx, params.id, body.name);
      if (!updated) throw notFound('No such jurisdiction');
      await auditCatalogue(tx, platformActor(principal, request.ip), 'jurisdiction.updated', updated.id, {
        name: updated.name,
      });
      return updated;
    }),
  );

  serve(app, jurisdictionDelete, async ({ params, principal, request }) =>
    db.system(async (tx) => {
      const found = await catalogue.findJurisdiction(tx, params.id);
      if (!found) throw notFound('No such jurisdiction');
      const uses = await catalogue.jurisdictionUses(tx, params.id);
      if (uses.children + uses.compliances + uses.policies > 0) {
        throw conflict(
          `${found.name} is still used: ${uses.children} states or provinces, ${uses.compliances} compliances, ${uses.policies} policies`,
        );
      }
      await catalogue.deleteJurisdiction(tx, params.id);
      await auditCatalogue(tx, platformActor(principal, request.ip), 'jurisdiction.deleted', params.id, {
        code: found.code,
        name: found.name,
      });
      return { ok: true as const };
    }),
  );

  serve(app, categoryList, async ({ query }) => {
    const result = await db.system((tx) => catalogue.categories(tx, query.page, query.pageSize));
    return { ...result, page: query.page, pageSize: query.pageSize };
  });

  serve(app, categoryCreate, async ({ body, principal, request }) =>
    db.system(async (tx) => {
      const id = await catalogue.insertCategory(tx, body.name);
      if (!id) throw conflict('A category of this name exists', { name: 'A category of this name exists' });
      await auditCatalogue(tx, platformActor(principal, request.ip), 'compliance-category.created', id, {
        name: body.name,
      });
      return (await catalogue.findCategory(tx, id))!;
    }),
  );

  serve(app, categoryUpdate, async ({ body, principal, request }) =>
    db.system(async (tx) => {
      if (!(await catalogue.findCategory(tx, body.id))) throw notFound('No such category');
      if (await catalogue.categoryNameTaken(tx, body.name, body.id))
        throw conflict('A category of this name exists', { name: 'A category of this name exists' });
      await catalogue.renameCategory(tx, body.id, body.name);
      await auditCatalogue(tx, platformActor(principal, request.ip), 'compliance-category.updated', body.id, {
        name: body.name,
      });
      return (await catalogue.findCategory(tx, body.id))!;
    }),
  );

  serve(app, categoryDelete, async ({ query, principal, request }) =>
    db.system(async (tx) => {
      const found = await catalogue.findCategory(tx, query.id);
      if (!found) throw notFound('No such category');
      if (found.complianceCount > 0)
        throw conflict(`${found.complianceCount} compliances are in ${found.name}: move or delete them first`);
      await catalogue.deleteCategory(tx, query.id);
      await auditCatalogue(tx, platformActor(principal, request.ip), 'compliance-category.deleted', query.id, {
        name: found.name,
      });
      return { ok: true as const };
    }),
  );

  serve(app, complianceList, async ({ query }) => {
    const { page, pageSize, ...filter } = query;
    const result = await db.system((tx) => catalogue.compliances(tx, filter, page, pageSize));
    return { ...result, page, pageSize };
  });

  const checked = async (tx: Sql, body: CreateComplianceBody): Promise<catalogue.ComplianceInput> => {
    if (!(await catalogue.findJurisdiction(tx, body.jurisdictionId)))
      throw badRequest('No such jurisdiction', { jurisdictionId: 'Choose a jurisdiction of the list' });
    if (body.categoryId && !(await catalogue.findCategory(tx, body.categoryId)))
      throw badRequest('No such category', { categoryId: 'Choose a category of the list' });
    const policyIds = [...new Set(body.policyIds ?? [])];
    const unknown = await catalogue.unknownPolicies(tx, policyIds);
    if (unknown.length > 0)
      throw badRequest('No such policy', { policyIds: `No catalogue policy has the id ${unknown.join(', ')}` });
    return {
      jurisdictionId: body.jurisdictionId,
      categoryId: body.categoryId ?? null,
      title: body.title,
      description: body.description ?? '',
      kind: body.kind,
      policyIds,
      courseTitles: [...new Set(body.courseTitles ?? [])],
    };
  };

  serve(app, complianceCreate, async ({ body, principal, request }) =>
    db.system(async (tx) => {
      const id = (await catalogue.saveCompliance(tx, null, await checked(tx, body)))!;
      await auditCatalogue(tx, platformActor(principal, request.ip), 'compliance.created', id, { title: body.title });
      return (await catalogue.findCompliance(tx, id))!;
    }),
  );

  serve(app, complianceUpdate, async ({ body, principal, request }) =>
    db.system(async (tx) => {
      if (!(await catalogue.findCompliance(tx, body.id))) throw notFound('No such compliance');
      const { id, ...rest } = body;
      await catalogue.saveCompliance(tx, id, await checked(tx, rest));
      await auditCatalogue(tx, platformActor(principal, request.ip), 'compliance.updated', id, { title: body.title });
      return (await catalogue.findCompliance(tx, id))!;
    }),
  );

  serve(app, complianceDelete, async ({ query, principal, request }) =>
    db.system(async (tx) => {
      const found = await catalogue.findCompliance(tx, query.id);
      if (!found) throw notFound('No such compliance');
      await catalogue.deleteCompliance(tx, query.id);
      await auditCatalogue(tx, platformActor(principal, request.ip), 'compliance.deleted', query.id, {
        title: found.title,
      });
      return { ok: true as const };
    }),
  );
}
