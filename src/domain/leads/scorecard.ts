/**
 * The public site's compliance self-assessment: ten questions per jurisdiction, each worth its weight when answered
 * "yes", and the fix to show when it is not. Computed in the visitor's browser (public site's scorecard script); the
 * facts come from the project's legal rules (rule ids IN-xx, CA-xx).
 */

export interface ScorecardQuestion {
  id: string;
  text: string;
  weight: number;
  /** What to do when the answer is not "yes". */
  fix: string;
}

export interface ScorecardSet {
  jurisdiction: 'IN' | 'CA';
  label: string;
  questions: ScorecardQuestion[];
}

export const SCORECARD: ScorecardSet[] = [
  {
    jurisdiction: 'IN',
    label: 'India (POSH Act)',
    questions: [
      {
        id: 'in-ic',
        weight: 15,
        text: 'Does every office or branch with 10 or more employees have an Internal Committee?',
        fix: 'Constitute an Internal Committee at every office or branch with 10 or more employees (IN-01).',
      },
      {
        id: 'in-composition',
        weight: 10,
        text: 'Is each committee led by a senior woman employee, with an external member and at least half women?',
        fix: 'Reconstitute the committee: a senior woman presiding, at least 2 employee members, 1 external member, at least half women (IN-02).',
      },
      {
        id: 'in-term',
        weight: 5,
        text: 'Has every member served 3 years or less?',
        fix: 'Renew members whose term has passed 3 years (IN-02).',
      },
      {
        id: 'in-policy',
        weight: 10,
        text: 'Have all employees accepted a written policy that names the committee?',
        fix: 'Publish the policy with the committee’s details and record each employee’s acceptance (IN-12).',
      },
      {
        id: 'in-display',
        weight: 5,
        text: 'Are the penal consequences and the committee’s details on display at every workplace?',
        fix: 'Display the penal consequences and the committee’s details (IN-12).',
      },
      {
        id: 'in-training',
        weight: 10,
        text: 'Have you held workshops or awareness programmes this year?',
        fix: 'Hold workshops and awareness programmes at regular intervals, and record them for the annual report (IN-12, IN-13).',
      },
      {
        id: 'in-orientation',
        weight: 5,
        text: 'Have committee members had orientation?',
        fix: 'Give the committee members an orientation programme (IN-12).',
      },
      {
        id: 'in-90',
        weight: 15,
        text: 'Was every inquiry of the last year completed within 90 days?',
        fix: 'Track each inquiry against its 90-day limit and list those pending longer (IN-07).',
      },
      {
        id: 'in-report',
        weight: 15,
        text: 'Did each committee send last year’s annual report to the employer and the District Officer?',
        fix: 'File the committee’s annual report for the calendar year with the employer and the District Officer (IN-13).',
      },
      {
        id: 'in-confidential',
        weight: 10,
        text: 'Is access to complaint files limited to the committee, with each access recorded?',
        fix: 'Limit complaint files to the committee and log every view (IN-11).',
      },
    ],
  },
  {
    jurisdiction: 'CA',
    label: 'Canada (federal)',
    questions: [
      {
        id: 'ca-policy',
        weight: 10,
        text: 'Do you have a harassment and violence prevention policy reviewed in the last 3 years?',
        fix: 'Review the policy at least every 3 years (CA-12).',
      },
      {
        id: 'ca-assessment',
        weight: 10,
        text: 'Was your workplace assessment reviewed in the last 3 years?',
        fix: 'Review the workplace assessment at least every 3 years and after certain occurrences (CA-12).',
      },
      {
        id: 'ca-recipient',
        weight: 5,
        text: 'Is there a designated recipient for notices of occurrence, trained before receiving any?',
        fix: 'Designate a recipient and train them before they receive notices (CA-01, CA-11).',
      },
      {
        id: 'ca-anonymous',
        weight: 10,
        text: 'Can a witness give notice anonymously?',
        fix: 'Offer a way to give notice anonymously (CA-01).',
      },
      {
        id: 'ca-7days',
        weight: 10,
        text: 'Is the principal party contacted within 7 days of every notice?',
        fix: 'Contact the principal party within 7 days: receipt, the policy, each step, representation (CA-02).',
      },
      {
        id: 'ca-45days',
        weight: 10,
        text: 'Does negotiated resolution start with a meeting within 45 days?',
        fix: 'Hold the first resolution meeting within 45 days of the notice (CA-04).',
      },
      {
        id: 'ca-monthly',
        weight: 10,
        text: 'Do both parties get a status update every month?',
        fix: 'Send monthly status updates to both parties until the process ends (CA-08).',
      },
      {
        id: 'ca-year',
        weight: 15,
        text: 'Was every resolution process of the last year completed within one year of its notice?',
        fix: 'Track every case against the one-year limit (CA-07).',
      },
      {
        id: 'ca-training',
        weight: 10,
        text: 'Were all employees trained within 3 months of hire and in the last 3 years?',
        fix: 'Train employees within 3 months of hire and every 3 years (CA-11).',
      },
      {
        id: 'ca-report',
        weight: 10,
        text: 'Did you file last year’s annual report by 1 March?',
        fix: 'File the annual report (LAB1206) for the previous calendar year by 1 March (CA-10).',
      },
    ],
  },
];

export interface ScorecardResult {
  /** 0 to 100. */
  score: number;
  band: 'good' | 'gaps' | 'at-risk';
  /** The fixes of the questions not answered "yes", heaviest first. */
  fixes: string[];
}

/** The score of a set of answers: an unanswered question counts as "no", since it is not known to be in place. */
export function scoreAnswers(set: ScorecardSet, yes: ReadonlySet<string>): ScorecardResult {
  const total = set.questions.reduce((sum, q) => sum + q.weight, 0);
  const got = set.questions.filter((q) => yes.has(q.id)).reduce((sum, q) => sum + q.weight, 0);
  const score = Math.round((got / total) * 100);
  const fixes = set.questions
    .filter((q) => !yes.has(q.id))
    .sort((a, b) => b.weight - a.weight)
    .map((q) => q.fix);
  return { score, band: score >= 85 ? 'good' : score >= 60 ? 'gaps' : 'at-risk', fixes };
}
