import type { Compliance, StepOwnerRole, TimeLimit } from './builder-rules';
import type { ActionType, MeetingFieldKey, Party } from './workflow-rules';

/**
 * The complaint process every workspace starts with (docs/case.md "Statutory processes"): the law's own steps, owners
 * and clocks, published as version 1 when the workspace is created so that its people can complain from the first
 * minute. Admins change it as any workflow: a copy into a new draft version, then publish.
 *
 * Which one a workspace gets follows the jurisdictions it declares (`workspace_jurisdictions`):
 * - any Indian jurisdiction (IN or a state or union territory): the POSH process (IN_POSH);
 * - else Canada's federal jurisdiction (CA-FED): the Canada process (CA_FEDERAL);
 * - else (none declared, or only others such as a Canadian province): the general process, whose steps carry days
 *   instead of a statute's clocks. The case regime of such a workspace stays the product's default (IN_POSH) until an
 *   admin changes it.
 */

export type StatutoryProcessKind = Compliance | 'GENERAL';

export type StatutoryStep =
  | {
      kind: 'MEETING';
      name: string;
      description: string;
      ownerRole: StepOwnerRole;
      timeLimit: TimeLimit | null;
      meetingFieldList: MeetingFieldKey[];
    }
  | {
      kind: 'ACTION';
      name: string;
      description: string;
      ownerRole: StepOwnerRole;
      timeLimit: TimeLimit | null;
      actionTypes: ActionType[];
      party: Party | null;
    };

export interface StatutoryStage {
  name: string;
  description: string;
  steps: StatutoryStep[];
}

export interface StatutoryProcess {
  kind: StatutoryProcessKind;
  /** The case regime the workspace's complaint settings take (null: leave the settings as they are). */
  compliance: Compliance | null;
  workflowName: string;
  workflowDescription: string;
  versionName: string;
  versionDescription: string;
  stages: StatutoryStage[];
}

const statutory = (clockId: Extract<TimeLimit, { kind: 'STATUTORY' }>['clockId']): TimeLimit => ({
  kind: 'STATUTORY',
  clockId,
});
const days = (n: number, workingDays = false): TimeLimit => ({ kind: 'DAYS', days: n, workingDays });

const POSH: StatutoryProcess = {
  kind: 'IN_POSH',
  compliance: 'IN_POSH',
  workflowName: 'POSH redressal',
  workflowDescription:
    'Inquiry into a complaint of sexual harassment by the Internal Committee under the POSH Act 2013 and its Rules: ' +
    'the respondent gets a copy within 7 working days and replies within 10, the inquiry completes within 90 days, ' +
    'the report follows within 10 days and the employer acts on it within 60.',
  versionName: 'Inquiry under the POSH Act',
  versionDescription: 'The statutory process (POSH Act 2013, Rules 7 and 8, ss.11 and 13)',
  stages: [
    {
      name: 'Receipt',
      description: 'The complaint is received and the respondent is told (Rule 7(1)).',
      steps: [
        {
          kind: 'ACTION',
          name: 'Send the respondent a copy',
          description: 'Send the respondent a copy of the complaint within 7 working days of receiving it (Rule 7(2)).',
          ownerRole: 'PRESIDING_OFFICER',
          timeLimit: statutory('IN_RESPONDENT_COPY'),
          actionTypes: ['INFORM_RESPONDENT'],
          party: null,
        },
      ],
    },
    {
      name: 'Inquiry',
      description: 'The committee hears both sides and their witnesses (s.11, Rule 7).',
      steps: [
        {
          kind: 'MEETING',
          name: "Respondent's reply",
          description:
            "Receive the respondent's reply with their documents and witnesses within 10 working days of the copy (Rule 7(3)).",
          ownerRole: 'PRESIDING_OFFICER',
          timeLimit: statutory('IN_RESPONDENT_REPLY'),
          meetingFieldList: ['MINUTES', 'OUTCOME'],
        },
        {
          kind: 'MEETING',
          name: 'Inquiry hearing',
          description:
            'Hear the parties and witnesses (quorum: 3 members including the presiding officer) and complete the inquiry within 90 days (s.11(4)).',
          ownerRole: 'COMMITTEE_MEMBER',
          timeLimit: statutory('IN_INQUIRY'),
          meetingFieldList: ['MINUTES', 'OUTCOME'],
        },
      ],
    },
    {
      name: 'Report and action',
      description: 'The findings go to the employer, who acts on them (s.13).',
      steps: [
        {
          kind: 'ACTION',
          name: 'Report to the employer',
          description:
            'Give the employer the report of the findings within 10 days of completing the inquiry (s.13(1)).',
          ownerRole: 'PRESIDING_OFFICER',
          timeLimit: statutory('IN_REPORT'),
          actionTypes: ['INFORM_EMPLOYER'],
          party: null,
        },
        {
          kind: 'ACTION',
          name: 'Employer acts on the recommendations',
          description: "The employer acts on the committee's recommendations within 60 days of the report (s.13(4)).",
          ownerRole: 'EMPLOYER',
          timeLimit: statutory('IN_EMPLOYER_ACTION'),
          actionTypes: ['NOTIFY'],
          party: 'EMPLOYER',
        },
      ],
    },
  ],
};

const CANADA: StatutoryProcess = {
  kind: 'CA_FEDERAL',
  compliance: 'CA_FEDERAL',
  workflowName: 'Harassment and violence resolution (Canada)',
  workflowDescription:
    'Resolution of a notice of an occurrence of harassment and violence under the Work Place Harassment and Violence ' +
    'Prevention Regulations (SOR/2020-130): contact with the principal party within 7 days, an initial review within 45 days, ' +
    'resolution within one year, and monthly updates to the parties (sent by the daily case job).',
  versionName: 'Resolution under SOR/2020-130',
  versionDescription: 'The statutory process (SOR/2020-130, ss.15 to 35)',
  stages: [
    {
      name: 'Notice',
      description: 'The designated recipient receives the notice and contacts the principal party (s.15).',
      steps: [
        {
          kind: 'ACTION',
          name: 'Contact the principal party',
          description:
            "Acknowledge the notice and contact the principal party within 7 days (s.23): the committee's first message in the case's thread meets it.",
          ownerRole: 'COMMITTEE_MEMBER',
          timeLimit: statutory('CA_FIRST_CONTACT'),
          actionTypes: ['INFORM_EMPLOYER'],
          party: null,
        },
      ],
    },
    {
      name: 'Initial review',
      description: 'The parties try to resolve the occurrence (s.23, s.32).',
      steps: [
        {
          kind: 'MEETING',
          name: 'Initial review meeting',
          description: 'Meet the principal party for the negotiated resolution within 45 days of the notice (s.23(2)).',
          ownerRole: 'PRESIDING_OFFICER',
          timeLimit: statutory('CA_NEGOTIATED_MEETING'),
          meetingFieldList: ['MINUTES', 'OUTCOME'],
        },
        {
          kind: 'ACTION',
          name: 'Inform the responding party',
          description: 'Tell the responding party of the notice once the principal party has chosen how to resolve it.',
          ownerRole: 'PRESIDING_OFFICER',
          timeLimit: null,
          actionTypes: ['INFORM_RESPONDENT'],
          party: null,
        },
      ],
    },
    {
      name: 'Resolution',
      description:
        'The occurrence is resolved within one year; each party is updated every month until then (s.32, s.34).',
      steps: [
        {
          kind: 'ACTION',
          name: 'Resolution and report',
          description:
            'Complete the resolution process within one year of the notice (s.32) and give the employer the outcome.',
          ownerRole: 'PRESIDING_OFFICER',
          timeLimit: statutory('CA_RESOLUTION'),
          actionTypes: ['INFORM_EMPLOYER'],
          party: null,
        },
      ],
    },
  ],
};

const GENERAL: StatutoryProcess = {
  kind: 'GENERAL',
  compliance: null,
  workflowName: 'Complaint resolution',
  workflowDescription:
    'A general process for a workspace that has declared no jurisdiction with a statutory process: an initial review ' +
    'within 7 days, the respondent informed within 10 working days, an investigation within 90 days and a report within 10.',
  versionName: 'Complaint resolution',
  versionDescription: 'The general process (no statutory jurisdiction declared)',
  stages: [
    {
      name: 'Review',
      description: 'The committee reviews the complaint and tells the respondent.',
      steps: [
        {
          kind: 'MEETING',
          name: 'Initial review',
          description: 'Review the complaint and contact the complainant within 7 days.',
          ownerRole: 'PRESIDING_OFFICER',
          timeLimit: days(7),
          meetingFieldList: ['MINUTES', 'OUTCOME'],
        },
        {
          kind: 'ACTION',
          name: 'Inform the respondent',
          description: 'Send the respondent a copy of the complaint within 10 working days.',
          ownerRole: 'PRESIDING_OFFICER',
          timeLimit: days(10, true),
          actionTypes: ['INFORM_RESPONDENT'],
          party: null,
        },
      ],
    },
    {
      name: 'Investigation and report',
      description: 'The committee investigates and reports to the employer.',
      steps: [
        {
          kind: 'MEETING',
          name: 'Investigation',
          description: 'Hear the parties and witnesses and complete the investigation within 90 days.',
          ownerRole: 'COMMITTEE_MEMBER',
          timeLimit: days(90),
          meetingFieldList: ['MINUTES', 'OUTCOME'],
        },
        {
          kind: 'ACTION',
          name: 'Report to the employer',
          description: 'Give the employer the findings and recommendations within 10 days of the investigation.',
          ownerRole: 'PRESIDING_OFFICER',
          timeLimit: days(10),
          actionTypes: ['INFORM_EMPLOYER'],
          party: null,
        },
      ],
    },
  ],
};

export const STATUTORY_PROCESSES: Record<StatutoryProcessKind, StatutoryProcess> = {
  IN_POSH: POSH,
  CA_FEDERAL: CANADA,
  GENERAL,
};

/** The process of a workspace declaring these jurisdictions (ISO 3166 codes of the catalogue: IN, IN-KA, CA-FED, ...). */
export function statutoryProcessKind(jurisdictionCodes: readonly string[]): StatutoryProcessKind {
  if (jurisdictionCodes.some((code) => code === 'IN' || code.startsWith('IN-'))) return 'IN_POSH';
  if (jurisdictionCodes.includes('CA-FED')) return 'CA_FEDERAL';
  return 'GENERAL';
}
