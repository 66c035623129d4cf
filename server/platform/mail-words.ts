import i18next, { type TFunction } from 'i18next';
import type { CourseLanguage } from '../../src/domain/courses/course';
import { LANGUAGE_TAGS, localeFor } from '../../src/domain/shared/locale-format';

/**
 * The words of the mails sent to employees, in the recipient's language (docs/i18n.md), through the same i18n
 * library as the app. English is the reference; every language has the same keys (test/server/notifications/
 * mail-language.test.ts reads them back). Values are filled in plain; the templates escape them for HTML.
 */
const en = {
  hello: 'Hello {{name}},',
  helloPlain: 'Hello,',
  assignedSubject: 'New training from {{workspace}}: {{course}}',
  assignedBody: '{{workspace}} has assigned you the course "{{course}}".',
  completeBy: 'Please complete it by {{date}}.',
  noDueDate: 'It has no due date.',
  openTraining: 'Open My training',
  policyReminderOne: 'Reminder: please read and accept {{policy}} ({{workspace}})',
  policyOverdueOne: 'Overdue: please read and accept {{policy}} ({{workspace}})',
  policyReminderMany: '{{count}} {{workspace}} policies to read and accept',
  policyOverdueMany: '{{count}} {{workspace}} policies to read and accept, some overdue',
  policyIntroOne: 'This policy is waiting for you to read and accept:',
  policyIntroMany: 'These policies are waiting for you to read and accept:',
  policyToAccept: 'to accept',
  policyOverdueSince: 'overdue since {{date}}',
  policyAcceptBy: 'to accept by {{date}}',
  openPolicies: 'Open Policies to accept',
};
type MailWords = Record<keyof typeof en, string>;

const hi: MailWords = {
  hello: 'नमस्ते {{name}},',
  helloPlain: 'नमस्ते,',
  assignedSubject: '{{workspace}} की ओर से नया प्रशिक्षण: {{course}}',
  assignedBody: '{{workspace}} ने आपको पाठ्यक्रम “{{course}}” सौंपा है।',
  completeBy: 'कृपया इसे {{date}} तक पूरा करें।',
  noDueDate: 'इसकी कोई नियत तिथि नहीं है।',
  openTraining: 'मेरा प्रशिक्षण खोलें',
  policyReminderOne: 'अनुस्मारक: कृपया {{policy}} पढ़ें और स्वीकार करें ({{workspace}})',
  policyOverdueOne: 'विलंबित: कृपया {{policy}} पढ़ें और स्वीकार करें ({{workspace}})',
  policyReminderMany: '{{workspace}} की {{count}} नीतियाँ पढ़ने और स्वीकार करने के लिए',
  policyOverdueMany: '{{workspace}} की {{count}} नीतियाँ पढ़ने और स्वीकार करने के लिए, कुछ विलंबित',
  policyIntroOne: 'यह नीति आपके पढ़ने और स्वीकार करने की प्रतीक्षा में है:',
  policyIntroMany: 'ये नीतियाँ आपके पढ़ने और स्वीकार करने की प्रतीक्षा में हैं:',
  policyToAccept: 'स्वीकार करनी है',
  policyOverdueSince: '{{date}} से विलंबित',
  policyAcceptBy: '{{date}} तक स्वीकार करनी है',
  openPolicies: 'स्वीकार करने के लिए नीतियाँ खोलें',
};

const mr: MailWords = {
  hello: 'नमस्कार {{name}},',
  helloPlain: 'नमस्कार,',
  assignedSubject: '{{workspace}} कडून नवीन प्रशिक्षण: {{course}}',
  assignedBody: '{{workspace}} ने तुम्हाला “{{course}}” हा अभ्यासक्रम दिला आहे.',
  completeBy: 'कृपया तो {{date}} पर्यंत पूर्ण करा.',
  noDueDate: 'याला अंतिम तारीख नाही.',
  openTraining: 'माझे प्रशिक्षण उघडा',
  policyReminderOne: 'स्मरण: कृपया {{policy}} वाचा आणि स्वीकारा ({{workspace}})',
  policyOverdueOne: 'मुदत उलटली: कृपया {{policy}} वाचा आणि स्वीकारा ({{workspace}})',
  policyReminderMany: '{{workspace}} ची {{count}} धोरणे वाचून स्वीकारायची आहेत',
  policyOverdueMany: '{{workspace}} ची {{count}} धोरणे वाचून स्वीकारायची आहेत, काहींची मुदत उलटली',
  policyIntroOne: 'हे धोरण तुम्ही वाचून स्वीकारण्याची वाट पाहत आहे:',
  policyIntroMany: 'ही धोरणे तुम्ही वाचून स्वीकारण्याची वाट पाहत आहेत:',
  policyToAccept: 'स्वीकारायचे आहे',
  policyOverdueSince: '{{date}} पासून मुदत उलटली',
  policyAcceptBy: '{{date}} पर्यंत स्वीकारायचे आहे',
  openPolicies: 'स्वीकारायची धोरणे उघडा',
};

const kn: MailWords = {
  hello: 'ನಮಸ್ಕಾರ {{name}},',
  helloPlain: 'ನಮಸ್ಕಾರ,',
  assignedSubject: '{{workspace}} ನಿಂದ ಹೊಸ ತರಬೇತಿ: {{course}}',
  assignedBody: '{{workspace}} ನಿಮಗೆ “{{course}}” ಕೋರ್ಸ್ ನಿಯೋಜಿಸಿದೆ.',
  completeBy: 'ದಯವಿಟ್ಟು ಇದನ್ನು {{date}} ರೊಳಗೆ ಪೂರ್ಣಗೊಳಿಸಿ.',
  noDueDate: 'ಇದಕ್ಕೆ ಕೊನೆಯ ದಿನಾಂಕವಿಲ್ಲ.',
  openTraining: 'ನನ್ನ ತರಬೇತಿ ತೆರೆಯಿರಿ',
  policyReminderOne: 'ಜ್ಞಾಪನೆ: ದಯವಿಟ್ಟು {{policy}} ಓದಿ ಮತ್ತು ಒಪ್ಪಿಕೊಳ್ಳಿ ({{workspace}})',
  policyOverdueOne: 'ಅವಧಿ ಮೀರಿದೆ: ದಯವಿಟ್ಟು {{policy}} ಓದಿ ಮತ್ತು ಒಪ್ಪಿಕೊಳ್ಳಿ ({{workspace}})',
  policyReminderMany: 'ಓದಿ ಒಪ್ಪಿಕೊಳ್ಳಬೇಕಾದ {{workspace}} ನ {{count}} ನೀತಿಗಳು',
  policyOverdueMany: 'ಓದಿ ಒಪ್ಪಿಕೊಳ್ಳಬೇಕಾದ {{workspace}} ನ {{count}} ನೀತಿಗಳು, ಕೆಲವು ಅವಧಿ ಮೀರಿವೆ',
  policyIntroOne: 'ಈ ನೀತಿ ನೀವು ಓದಿ ಒಪ್ಪಿಕೊಳ್ಳಲು ಕಾಯುತ್ತಿದೆ:',
  policyIntroMany: 'ಈ ನೀತಿಗಳು ನೀವು ಓದಿ ಒಪ್ಪಿಕೊಳ್ಳಲು ಕಾಯುತ್ತಿವೆ:',
  policyToAccept: 'ಒಪ್ಪಿಕೊಳ್ಳಬೇಕಿದೆ',
  policyOverdueSince: '{{date}} ರಿಂದ ಅವಧಿ ಮೀರಿದೆ',
  policyAcceptBy: '{{date}} ರೊಳಗೆ ಒಪ್ಪಿಕೊಳ್ಳಬೇಕು',
  openPolicies: 'ಒಪ್ಪಿಕೊಳ್ಳಬೇಕಾದ ನೀತಿಗಳನ್ನು ತೆರೆಯಿರಿ',
};

const te: MailWords = {
  hello: 'నమస్తే {{name}},',
  helloPlain: 'నమస్తే,',
  assignedSubject: '{{workspace}} నుండి కొత్త శిక్షణ: {{course}}',
  assignedBody: '{{workspace}} మీకు “{{course}}” కోర్సును కేటాయించింది.',
  completeBy: 'దయచేసి దీన్ని {{date}} లోగా పూర్తి చేయండి.',
  noDueDate: 'దీనికి గడువు తేదీ లేదు.',
  openTraining: 'నా శిక్షణ తెరవండి',
  policyReminderOne: 'రిమైండర్: దయచేసి {{policy}} చదివి అంగీకరించండి ({{workspace}})',
  policyOverdueOne: 'గడువు దాటింది: దయచేసి {{policy}} చదివి అంగీకరించండి ({{workspace}})',
  policyReminderMany: 'చదివి అంగీకరించాల్సిన {{workspace}} యొక్క {{count}} విధానాలు',
  policyOverdueMany: 'చదివి అంగీకరించాల్సిన {{workspace}} యొక్క {{count}} విధానాలు, కొన్ని గడువు దాటాయి',
  policyIntroOne: 'ఈ విధానం మీరు చదివి అంగీకరించడానికి వేచి ఉంది:',
  policyIntroMany: 'ఈ విధానాలు మీరు చదివి అంగీకరించడానికి వేచి ఉన్నాయి:',
  policyToAccept: 'అంగీకరించాలి',
  policyOverdueSince: '{{date}} నుండి గడువు దాటింది',
  policyAcceptBy: '{{date}} లోగా అంగీకరించాలి',
  openPolicies: 'అంగీకరించాల్సిన విధానాలను తెరవండి',
};

const ta: MailWords = {
  hello: 'வணக்கம் {{name}},',
  helloPlain: 'வணக்கம்,',
  assignedSubject: '{{workspace}} இடமிருந்து புதிய பயிற்சி: {{course}}',
  assignedBody: '{{workspace}} உங்களுக்கு “{{course}}” பாடநெறியை ஒதுக்கியுள்ளது.',
  completeBy: 'தயவுசெய்து இதை {{date}} க்குள் முடிக்கவும்.',
  noDueDate: 'இதற்குக் கடைசி தேதி இல்லை.',
  openTraining: 'எனது பயிற்சியைத் திற',
  policyReminderOne: 'நினைவூட்டல்: தயவுசெய்து {{policy}} படித்து ஏற்றுக்கொள்ளவும் ({{workspace}})',
  policyOverdueOne: 'காலம் கடந்தது: தயவுசெய்து {{policy}} படித்து ஏற்றுக்கொள்ளவும் ({{workspace}})',
  policyReminderMany: 'படித்து ஏற்க வேண்டிய {{workspace}} இன் {{count}} கொள்கைகள்',
  policyOverdueMany: 'படித்து ஏற்க வேண்டிய {{workspace}} இன் {{count}} கொள்கைகள், சில காலம் கடந்தவை',
  policyIntroOne: 'இந்தக் கொள்கை நீங்கள் படித்து ஏற்றுக்கொள்ளக் காத்திருக்கிறது:',
  policyIntroMany: 'இந்தக் கொள்கைகள் நீங்கள் படித்து ஏற்றுக்கொள்ளக் காத்திருக்கின்றன:',
  policyToAccept: 'ஏற்க வேண்டும்',
  policyOverdueSince: '{{date}} முதல் காலம் கடந்தது',
  policyAcceptBy: '{{date}} க்குள் ஏற்க வேண்டும்',
  openPolicies: 'ஏற்க வேண்டிய கொள்கைகளைத் திற',
};

const fr: MailWords = {
  hello: 'Bonjour {{name}},',
  helloPlain: 'Bonjour,',
  assignedSubject: 'Nouvelle formation de {{workspace}} : {{course}}',
  assignedBody: '{{workspace}} vous a assigné le cours « {{course}} ».',
  completeBy: 'Veuillez le terminer avant le {{date}}.',
  noDueDate: 'Il n’a pas de date d’échéance.',
  openTraining: 'Ouvrir Ma formation',
  policyReminderOne: 'Rappel : veuillez lire et accepter {{policy}} ({{workspace}})',
  policyOverdueOne: 'En retard : veuillez lire et accepter {{policy}} ({{workspace}})',
  policyReminderMany: '{{count}} politiques de {{workspace}} à lire et accepter',
  policyOverdueMany: '{{count}} politiques de {{workspace}} à lire et accepter, certaines en retard',
  policyIntroOne: 'Cette politique attend que vous la lisiez et l’acceptiez :',
  policyIntroMany: 'Ces politiques attendent que vous les lisiez et les acceptiez :',
  policyToAccept: 'à accepter',
  policyOverdueSince: 'en retard depuis le {{date}}',
  policyAcceptBy: 'à accepter avant le {{date}}',
  openPolicies: 'Ouvrir Politiques à accepter',
};

export const MAIL_WORDS: Record<CourseLanguage, MailWords> = {
  ENGLISH: en,
  HINDI: hi,
  MARATHI: mr,
  KANNADA: kn,
  TELUGU: te,
  TAMIL: ta,
  FRENCH: fr,
};

const mails = i18next.createInstance();
void mails.init({
  lng: 'en',
  fallbackLng: 'en',
  resources: Object.fromEntries(
    Object.entries(MAIL_WORDS).map(([language, words]) => [
      LANGUAGE_TAGS[language as CourseLanguage],
      { translation: words },
    ]),
  ),
  interpolation: { escapeValue: false },
  initAsync: false,
});

export interface MailLanguage {
  /** The recipient's words. */
  t: (key: keyof MailWords, values?: Record<string, string | number>) => string;
  /** A calendar day as the recipient reads it (`12 December 2026`, `12 दिसंबर 2026`), never month first for India. */
  day: (date: Date) => string;
  /** The `lang` of the mail's HTML. */
  tag: string;
}

/** The words and date format of a recipient's language (English when none is known). */
export function mailLanguage(language: CourseLanguage = 'ENGLISH', country: 'IN' | 'CA' = 'IN'): MailLanguage {
  const tag = LANGUAGE_TAGS[language];
  const fixed: TFunction = mails.getFixedT(tag);
  return {
    t: (key, values = {}) => fixed(key, values),
    day: (date) =>
      new Intl.DateTimeFormat(localeFor(language, country), {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(date),
    tag,
  };
}
