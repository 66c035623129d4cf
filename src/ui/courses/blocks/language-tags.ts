/** BCP 47 tags of the course languages, for `lang` attributes (screen readers and fonts pick the script by it). */
export const LANGUAGE_TAGS = {
  ENGLISH: 'en',
  HINDI: 'hi',
  KANNADA: 'kn',
  TELUGU: 'te',
  TAMIL: 'ta',
  MARATHI: 'mr',
  FRENCH: 'fr',
} as const;
