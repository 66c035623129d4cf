import type {
  BoardReturn,
  CanadaAnnualReturn,
  PoshAnnualReturn,
  ReturnFormat,
  ReturnInputs,
  ReturnsOverview,
} from '../../../src/contracts/case/law.contract';
import {
  ACTION_TAKEN,
  OUTCOMES,
  actionTaken,
  awarenessHeld,
  calendarYear,
  canadaFigures,
  caseFigures,
  currentReturnPeriod,
  financialYear,
  headcountByGender,
  returnDeadline,
  type ResolutionMeans,
  type ReturnKind,
} from '../../../src/domain/compliance/statutory-returns';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { ok, refuse, type Outcome } from '../../platform/refusal';
import * as repo from './law.repository';
import { returnPdf, returnXlsx, type AnyReturn } from './return-documents';

/** Who asks for a return: a manager (admin or employer holding the permission) sees all; a presiding officer their committees. */
export interface ReturnsActor {
  ws: string;
  userId: string;
  name: string;
  workspaceName: string;
  manager: boolean;
}

export type ReturnDocument = { bytes: Buffer; fileName: string; contentType: string };

const REQUIRED: Record<ReturnKind, (keyof ReturnInputs)[]> = {
  POSH_ANNUAL: ['employerAddress', 'districtOfficer'],
  BOARD: [],
  CANADA_ANNUAL: ['businessNumber', 'contactName', 'contactEmail', 'contactPhone'],
};

const MEANS_WORDS: Record<ResolutionMeans, string> = {
  NEGOTIATED_RESOLUTION: 'Negotiated resolution',
  CONCILIATION: 'Conciliation',
  INVESTIGATION: 'Investigation',
  WITHDRAWN: 'Withdrawn',
  OTHER: 'Other means',
};

/** CA-10's contents no case records yet: said on the return, never guessed. */
/** What no case records: said, not guessed. The other categories are counted from what each committee recorded. */
const CANADA_NOT_RECORDED = ['Occurrences that resulted in death'];

/** A category's code as words on the return ("NATIONAL_OR_ETHNIC_ORIGIN" -> "National or ethnic origin"). */
const words = (code: string) =>
  code === 'NOT_RECORDED'
    ? 'Not recorded on the case'
    : code.charAt(0) + code.slice(1).toLowerCase().replaceAll('_', ' ');
const labelled = (counts: { value: string; cases: number }[]) =>
  counts.map((c) => ({ value: c.value, label: words(c.value), cases: c.cases }));

const MIME = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/**
 * The statutory returns (docs/law.md "The returns"): figures by the pure rules of
 * src/domain/compliance/statutory-returns.ts over case rows without parties; the JSON for the page, a PDF or an XLSX
 * made from that JSON alone, each PDF or XLSX kept in the list with who made it and when.
 */
export class ReturnsService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  private now() {
    return this.clock.now();
  }

  async inputs(actor: ReturnsActor): Promise<Outcome<ReturnInputs>> {
    return this.db.tenant(actor.ws, async (tx) => {
      if (!actor.manager && !(await repo.presidesAny(tx, actor.ws, actor.userId))) return notAllowed();
      return ok(await repo.inputs(tx, actor.ws));
    });
  }

  async saveInputs(actor: ReturnsActor, body: ReturnInputs): Promise<Outcome<ReturnInputs>> {
    if (body.contactEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(body.contactEmail)) {
      return refuse('invalid', 'VALIDATION', 'Give the contact’s email address', {
        contactEmail: 'Not an email address',
      });
    }
    return this.db.tenant(actor.ws, async (tx) => {
      if (!actor.manager && !(await repo.presidesAny(tx, actor.ws, actor.userId))) return notAllowed();
      await repo.saveInputs(tx, actor.ws, actor.userId, body);
      return ok(await repo.inputs(tx, actor.ws));
    });
  }

  async overview(actor: ReturnsActor): Promise<Outcome<ReturnsOverview>> {
    const today = this.now().toISOString().slice(0, 10);
    return this.db.tenant(actor.ws, async (tx): Promise<Outcome<ReturnsOverview>> => {
      const presides = actor.manager || (await repo.presidesAny(tx, actor.ws, actor.userId));
      if (!presides) return notAllowed();
      const countries = await repo.declaredCountries(tx, actor.ws);
      const kinds: ReturnKind[] = actor.manager
        ? [
            ...(countries.includes('IN') ? (['POSH_ANNUAL', 'BOARD'] as const) : []),
            ...(countries.includes('CA') ? (['CANADA_ANNUAL'] as const) : []),
          ]
        : ['POSH_ANNUAL'];
      const done = await repo.generatedPeriods(tx, actor.ws);
      const list = await repo.generated(tx, actor.ws, kinds);
      return ok({
        due: kinds.map((kind) => {
          const { label, period } = currentReturnPeriod(kind, today);
          return { kind, period: label, deadline: returnDeadline(kind, period), done: done.has(`${kind}:${label}`) };
        }),
        generated: list.map((g) => ({
          id: g.id,
          kind: g.kind,
          period: g.period,
          format: g.format,
          generatedBy: g.generated_by_name,
          generatedAt: new Date(g.generated_at).toISOString(),
        })),
      });
    });
  }

  async poshAnnual(
    actor: ReturnsActor,
    year: number,
    format: ReturnFormat,
  ): Promise<Outcome<PoshAnnualReturn | ReturnDocument>> {
    const period = calendarYear(year);
    const built = await this.db.tenant(actor.ws, async (tx): Promise<Outcome<PoshAnnualReturn>> => {
      const committees = await repo.committeesOfReturn(tx, actor.ws, actor.manager ? null : actor.userId);
      if (!actor.manager && committees.length === 0) return notAllowed();
      const cases = (await repo.returnCases(tx, actor.ws)).filter((c) => c.regime === 'IN_POSH');
      const events = await repo.awarenessForReturns(tx, actor.ws);
      const inputs = await repo.inputs(tx, actor.ws);
      return ok({
        ...this.head('POSH_ANNUAL', String(year), period, inputs),
        kind: 'POSH_ANNUAL',
        employer: { name: inputs.employerName || actor.workspaceName, address: inputs.employerAddress },
        districtOfficer: inputs.districtOfficer,
        committees: committees.map((committee, index) => {
          const mine = cases.filter((c) => c.committeeId === committee.id);
          // Workshops and programmes are the employer's, for the whole workplace: the workspace-wide committee's return
          // (the first) carries them, and each committee its own orientation.
          const held = awarenessHeld(
            events.filter((e) =>
              e.kind === 'COMMITTEE_ORIENTATION'
                ? e.committeeId === committee.id
                : index === 0 || e.committeeId === committee.id,
            ),
            period,
          );
          const actions = actionTaken(mine, period);
          return {
            name: committee.name,
            ...caseFigures(mine, period),
            ...held,
            actionTaken: OUTCOMES.map((o) => ({ outcome: o, label: ACTION_TAKEN[o], cases: actions[o] })),
          };
        }),
      });
    });
    return this.deliver(actor, built, format);
  }

  async board(
    actor: ReturnsActor,
    label: string,
    format: ReturnFormat,
  ): Promise<Outcome<BoardReturn | ReturnDocument>> {
    const period = financialYear(label);
    if (!period)
      return refuse('invalid', 'VALIDATION', 'Write the financial year as 2025-26', {
        financialYear: 'Write it as 2025-26',
      });
    const built = await this.db.tenant(actor.ws, async (tx): Promise<BoardReturn> => {
      const cases = (await repo.returnCases(tx, actor.ws)).filter((c) => c.regime === 'IN_POSH');
      const inputs = await repo.inputs(tx, actor.ws);
      const figures = caseFigures(cases, period);
      return {
        ...this.head('BOARD', label, period, inputs),
        kind: 'BOARD',
        employer: { name: inputs.employerName || actor.workspaceName },
        figures,
        headcount: headcountByGender(await repo.activeGenders(tx, actor.ws)),
        statement:
          'The company has complied with the provisions relating to the Maternity Benefit Act, 1961 (to be confirmed by the board).',
      };
    });
    return this.deliver(actor, ok(built), format);
  }

  async canadaAnnual(
    actor: ReturnsActor,
    year: number,
    format: ReturnFormat,
  ): Promise<Outcome<CanadaAnnualReturn | ReturnDocument>> {
    const period = calendarYear(year);
    const built = await this.db.tenant(actor.ws, async (tx): Promise<CanadaAnnualReturn> => {
      const figures = canadaFigures(await repo.returnCases(tx, actor.ws), year);
      const inputs = await repo.inputs(tx, actor.ws);
      return {
        ...this.head('CANADA_ANNUAL', String(year), period, inputs),
        kind: 'CANADA_ANNUAL',
        employer: {
          name: inputs.employerName || actor.workspaceName,
          businessNumber: inputs.businessNumber,
          contactName: inputs.contactName,
          contactEmail: inputs.contactEmail,
          contactPhone: inputs.contactPhone,
        },
        occurrences: figures.occurrences,
        resolved: figures.resolved,
        resolutionMeans: (Object.keys(figures.resolutionMeans) as ResolutionMeans[]).map((m) => ({
          means: m,
          label: MEANS_WORDS[m],
          cases: figures.resolutionMeans[m],
        })),
        averageMonthsToResolve: figures.averageMonthsToResolve,
        categories: {
          nature: labelled(figures.categories.nature),
          grounds: labelled(figures.categories.grounds),
          locations: labelled(figures.categories.locations),
          relationships: labelled(figures.categories.relationships),
        },
        notRecorded: CANADA_NOT_RECORDED,
      };
    });
    return this.deliver(actor, ok(built), format);
  }

  private head(kind: ReturnKind, label: string, period: { from: string; to: string }, inputs: ReturnInputs) {
    return {
      period: label,
      from: period.from,
      to: period.to,
      deadline: returnDeadline(kind, period),
      missingInputs: REQUIRED[kind].filter((k) => !inputs[k].trim()),
      generatedAt: this.now().toISOString(),
    };
  }

  /** JSON as it is; a PDF or XLSX only once the inputs are given, recorded in the list in the same transaction as its figures. */
  private async deliver<R extends AnyReturn>(
    actor: ReturnsActor,
    outcome: Outcome<R>,
    format: ReturnFormat,
  ): Promise<Outcome<R | ReturnDocument>> {
    if (!outcome.ok || format === 'json') return outcome;
    const built = outcome.value;
    if (built.missingInputs.length > 0) {
      return refuse(
        'conflict',
        'RETURN_INPUTS_MISSING',
        'Give what the return needs before generating it',
        Object.fromEntries(built.missingInputs.map((k) => [k, 'Required for this return'])),
      );
    }
    const bytes =
      format === 'pdf' ? await returnPdf(built, actor.workspaceName) : await returnXlsx(built, actor.workspaceName);
    const { generatedAt: _, ...figures } = built;
    await this.db.tenant(actor.ws, (tx) =>
      repo.recordGenerated(tx, actor.ws, {
        kind: built.kind,
        period: built.period,
        format: format === 'pdf' ? 'PDF' : 'XLSX',
        figures,
        userId: actor.userId,
        userName: actor.name,
      }),
    );
    const slug = { POSH_ANNUAL: 'posh-annual-return', BOARD: 'board-report', CANADA_ANNUAL: 'canada-annual-report' }[
      built.kind
    ];
    return ok({ bytes, fileName: `${slug}-${built.period}.${format}`, contentType: MIME[format] });
  }
}

const notAllowed = () =>
  refuse('forbidden', 'FORBIDDEN', 'Only admins, employers and presiding officers make the returns');
