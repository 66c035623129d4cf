/** A request for a demo or contact from the public site: the choices its form offers and the rules of its fields. */

export const LEAD_COUNTRIES = [
  { value: 'IN', label: 'India' },
  { value: 'CA', label: 'Canada' },
  { value: 'OTHER', label: 'Another country' },
] as const;

export const LEAD_SIZES = [
  { value: '1-9', label: '1 to 9' },
  { value: '10-49', label: '10 to 49' },
  { value: '50-249', label: '50 to 249' },
  { value: '250-999', label: '250 to 999' },
  { value: '1000+', label: '1,000 or more' },
] as const;

export type LeadCountry = (typeof LEAD_COUNTRIES)[number]['value'];
export type LeadSize = (typeof LEAD_SIZES)[number]['value'];

/** Where on the site the request was made (the contact page, the scorecard, an event page). */
export const LEAD_SOURCES = ['contact-us', 'scorecard', 'event', 'webinar'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** Personal mail domains: a demo request asks for a work address, so these are refused with a clear message. */
const PERSONAL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.in',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'icloud.com',
  'aol.com',
  'rediffmail.com',
  'proton.me',
  'protonmail.com',
]);

/** Whether an address (already a valid email) is at a personal mail provider rather than an organisation's domain. */
export function isPersonalEmail(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return PERSONAL_DOMAINS.has(domain);
}
