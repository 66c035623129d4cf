/**
 * CA-02 and CA-03 (SOR/2020-130 s.23 and s.24): what the designated recipient's first contact with each party of a
 * Canadian notice must say. To the principal party: that the notice was received, how to access the policy, each step
 * of the resolution process and the right to be represented. To the responding party: that they are named as the
 * responding party, how to access the policy, each step and the right to be represented. The case page prefills a
 * first message with one heading per element; the server refuses a first message that lacks a heading.
 */

export type FirstContactParty = 'COMPLAINANT' | 'RESPONDENT';

export interface FirstContactElement {
  key: 'RECEIPT' | 'NAMED' | 'POLICY' | 'STEPS' | 'REPRESENTATION';
  /** The heading the message must keep, as written (the check ignores case and spacing). */
  heading: string;
  /** What the prefilled text says under the heading (the recipient may reword it). */
  text: string;
}

const POLICY: FirstContactElement = {
  key: 'POLICY',
  heading: 'How to access the policy',
  text: 'The workplace harassment and violence prevention policy is in SafePlace under My policies; the designated recipient gives you a copy on request.',
};
const STEPS: FirstContactElement = {
  key: 'STEPS',
  heading: 'The steps of the resolution process',
  text: '1. Initial review of the notice. 2. Negotiated resolution, which starts with a meeting within 45 days of the notice. 3. Conciliation, if both parties agree. 4. Investigation, if the principal party asks for it. 5. The employer and the committee choose the investigator’s recommendations to implement. The whole process is completed within one year of the notice, and you receive a status update every month.',
};
const REPRESENTATION: FirstContactElement = {
  key: 'REPRESENTATION',
  heading: 'Your right to be represented',
  text: 'You may be represented or accompanied at every step, by a union representative or another person of your choice.',
};

export const FIRST_CONTACT: Record<FirstContactParty, readonly FirstContactElement[]> = {
  COMPLAINANT: [
    {
      key: 'RECEIPT',
      heading: 'We received your notice',
      text: 'This confirms that your notice of an occurrence of harassment or violence was received.',
    },
    POLICY,
    STEPS,
    REPRESENTATION,
  ],
  RESPONDENT: [
    {
      key: 'NAMED',
      heading: 'You are named as the responding party',
      text: 'A notice of an occurrence of harassment or violence names you as the responding party.',
    },
    POLICY,
    STEPS,
    REPRESENTATION,
  ],
};

/** The rule a party's first contact answers to: CA-02 for the principal party, CA-03 for the responding party. */
export const FIRST_CONTACT_RULE: Record<FirstContactParty, 'CA-02' | 'CA-03'> = {
  COMPLAINANT: 'CA-02',
  RESPONDENT: 'CA-03',
};

/** The prefilled first message to `party`: each element as a heading and its text. */
export function firstContactTemplate(party: FirstContactParty): string {
  return FIRST_CONTACT[party].map((e) => `${e.heading}:\n${e.text}`).join('\n\n');
}

const normalise = (text: string) => text.toLowerCase().replace(/[’']/g, "'").replace(/\s+/g, ' ');

/** The elements whose heading `body` does not keep (empty when the first contact is complete). */
export function missingFirstContact(party: FirstContactParty, body: string): FirstContactElement[] {
  const text = normalise(body);
  return FIRST_CONTACT[party].filter((e) => !text.includes(normalise(e.heading)));
}
