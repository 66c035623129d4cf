import i18next, { type TFunction } from 'i18next';
import type { CourseLanguage } from '../../src/domain/courses/course';
import { LANGUAGE_TAGS, localeFor } from '../../src/domain/shared/app-language';

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
  signInCodeSubject: 'Your {{workspace}} sign-in code',
  signInCodeBody: 'Your {{workspace}} sign-in code is {{code}}.',
  signInCodeValidity:
    'It works once, for {{minutes}} minutes. If you did not ask for it, ignore this email: nobody can sign in without the code.',
  resetSubject: 'Reset your {{workspace}} password',
  resetBody:
    'Someone asked to reset the password of your {{workspace}} account. The code is {{code}}; it works once, for {{minutes}} minutes.',
  resetIgnore: 'If it was not you, ignore this email: your password stays as it is.',
  inviteSubject: 'You are invited to {{workspace}} on SafePlace',
  inviteHello: 'Hello {{name}},',
  inviteBody:
    '{{workspace}} has invited you to SafePlace, where you will take your workplace training and can raise a concern safely.',
  inviteAction: 'Set up your account',
  inviteValidity: 'The link works once, for {{days}} days.',
  completedSubject: 'Completed: {{course}} ({{workspace}})',
  completedBody: 'You completed "{{course}}" on {{date}}.',
  completedValidUntil:
    'Your certification is valid until {{date}}; the course will be assigned to you again before then.',
  certificateCode: "Your certificate's verification code is {{code}}.",
  completedAction: 'Open the course and download your certificate',
  renewSubject: 'Time to renew: {{course}} ({{workspace}})',
  renewBody:
    'Your certification for "{{course}}" is valid until {{date}}. {{workspace}} has assigned you the course again: please complete it by then to stay certified. Your earlier completion and certificate are kept.',
  openCourse: 'Open the course',
  courseReminderOne: 'Reminder: {{course}} ({{workspace}})',
  courseOverdueOne: 'Overdue: {{course}} ({{workspace}})',
  courseReminderMany: '{{count}} {{workspace}} courses to complete',
  courseOverdueMany: '{{count}} {{workspace}} courses to complete, some overdue',
  courseIntroOne: 'This course is waiting for you:',
  courseIntroMany: 'These courses are waiting for you:',
  courseNotCompleted: 'not completed yet',
  courseOverdueSince: 'overdue since {{date}}',
  courseDueToday: 'due today',
  courseDueOn: 'due on {{date}}',
  passwordChangedSubject: 'Your {{workspace}} password was changed',
  passwordChangedBody: 'The password of your {{workspace}} account was just changed and every session was signed out.',
  passwordChangedBodyKept:
    'The password of your {{workspace}} account was just changed and every other session was signed out.',
  passwordChangedWarn: 'If this was not you, tell your administrator at once.',
  confirmEmailSubject: 'Confirm your email for {{workspace}} on SafePlace',
  confirmEmailBody:
    'You signed up to {{workspace}} on SafePlace. Confirm that this email is yours to finish: you can sign in once it is confirmed.',
  confirmEmailAction: 'Confirm your email',
  confirmEmailValidity:
    'The link works once, for {{hours}} hours. If you did not sign up, ignore this email: no account is used without it.',
  existingSubject: 'You already have a {{workspace}} account',
  existingBody:
    'Someone (probably you) tried to sign up to {{workspace}} on SafePlace with this email, but you already have an account, so nothing was changed.',
  existingSignIn: 'Sign in',
  existingReset: 'Forgot your password? Reset it',
  existingIgnore: 'If it was not you, you can ignore this email.',
  receiptSubject: 'We received your complaint: case {{case}}',
  receiptBody: 'Your complaint was received on {{date}} as case {{case}}.',
  receiptWho: 'Only the Internal Committee members assigned to it can read it; every view is recorded.',
  receiptNext: 'The committee will contact you about the next steps.',
  receiptLocal: 'It will be referred to the Local Committee (no Internal Committee can hear it here).',
  receiptLate:
    'It was filed more than 3 months after the incident: the committee will decide on an extension, with reasons.',
  toConfirmSubject: 'Please confirm your complaint: case {{case}}',
  toConfirmBody: 'A member of the Internal Committee recorded a complaint on your behalf on {{date}} as case {{case}}.',
  toConfirmAction: 'Sign in and open Complaints to read it and confirm it. Nothing happens on the case until you do.',
  caseMessageSubject: 'A new message on case {{case}}',
  caseMessageBody: 'The Internal Committee wrote to you on case {{case}}. Sign in to read it.',
  caseClosedSubject: 'Case {{case}} is closed',
  caseClosedBody: 'The Internal Committee has closed case {{case}}. Sign in to read the outcome.',
  caseAppeal: 'You may appeal the committee’s recommendations within 90 days (POSH Act s.18): by {{date}}.',
  smsSignInCode: '{{code}} is your {{workspace}} sign-in code. It works once, for {{minutes}} minutes.',
  lockedSubject: 'Your {{workspace}} account is locked for now',
  lockedBody:
    'Someone asked for a sign-in or password reset code for your {{workspace}} account, but the account is locked after too many wrong codes, so no code was sent.',
  lockedEnds:
    'The lock ends by itself on {{time}}. An administrator of {{workspace}} can lift it sooner. You can still sign in with your password.',
  smsLocked:
    'Your {{workspace}} account is locked after too many wrong codes until {{time}}; no code was sent. An administrator can unlock it sooner.',
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
  signInCodeSubject: 'आपका {{workspace}} साइन-इन कोड',
  signInCodeBody: 'आपका {{workspace}} साइन-इन कोड {{code}} है।',
  signInCodeValidity:
    'यह एक बार, {{minutes}} मिनट तक काम करेगा। अगर आपने यह नहीं माँगा, तो इस ईमेल को अनदेखा करें: कोड के बिना कोई साइन इन नहीं कर सकता।',
  resetSubject: 'अपना {{workspace}} पासवर्ड रीसेट करें',
  resetBody:
    'किसी ने आपके {{workspace}} खाते का पासवर्ड रीसेट करने को कहा है। कोड {{code}} है; यह एक बार, {{minutes}} मिनट तक काम करेगा।',
  resetIgnore: 'अगर यह आप नहीं थे, तो इस ईमेल को अनदेखा करें: आपका पासवर्ड जैसा है वैसा ही रहेगा।',
  inviteSubject: 'SafePlace पर {{workspace}} में आपको आमंत्रित किया गया है',
  inviteHello: 'नमस्ते {{name}},',
  inviteBody:
    '{{workspace}} ने आपको SafePlace पर आमंत्रित किया है, जहाँ आप कार्यस्थल का प्रशिक्षण लेंगे और सुरक्षित रूप से शिकायत दर्ज कर सकेंगे।',
  inviteAction: 'अपना खाता बनाएँ',
  inviteValidity: 'लिंक एक बार, {{days}} दिनों तक काम करेगा।',
  completedSubject: 'पूरा हुआ: {{course}} ({{workspace}})',
  completedBody: 'आपने {{date}} को “{{course}}” पूरा किया।',
  completedValidUntil: 'आपका प्रमाणन {{date}} तक मान्य है; उससे पहले यह पाठ्यक्रम आपको फिर से सौंपा जाएगा।',
  certificateCode: 'आपके प्रमाणपत्र का सत्यापन कोड {{code}} है।',
  completedAction: 'पाठ्यक्रम खोलें और अपना प्रमाणपत्र डाउनलोड करें',
  renewSubject: 'नवीनीकरण का समय: {{course}} ({{workspace}})',
  renewBody:
    '“{{course}}” के लिए आपका प्रमाणन {{date}} तक मान्य है। {{workspace}} ने यह पाठ्यक्रम आपको फिर से सौंपा है: प्रमाणित बने रहने के लिए कृपया इसे तब तक पूरा करें। आपका पिछला पूरा किया गया पाठ्यक्रम और प्रमाणपत्र सुरक्षित रहेंगे।',
  openCourse: 'पाठ्यक्रम खोलें',
  courseReminderOne: 'अनुस्मारक: {{course}} ({{workspace}})',
  courseOverdueOne: 'विलंबित: {{course}} ({{workspace}})',
  courseReminderMany: '{{workspace}} के {{count}} पाठ्यक्रम पूरे करने हैं',
  courseOverdueMany: '{{workspace}} के {{count}} पाठ्यक्रम पूरे करने हैं, कुछ विलंबित',
  courseIntroOne: 'यह पाठ्यक्रम आपकी प्रतीक्षा में है:',
  courseIntroMany: 'ये पाठ्यक्रम आपकी प्रतीक्षा में हैं:',
  courseNotCompleted: 'अभी पूरा नहीं हुआ',
  courseOverdueSince: '{{date}} से विलंबित',
  courseDueToday: 'आज पूरा करना है',
  courseDueOn: '{{date}} तक पूरा करना है',
  passwordChangedSubject: 'आपका {{workspace}} पासवर्ड बदल दिया गया',
  passwordChangedBody: 'आपके {{workspace}} खाते का पासवर्ड अभी बदला गया और हर सत्र से साइन आउट कर दिया गया।',
  passwordChangedBodyKept: 'आपके {{workspace}} खाते का पासवर्ड अभी बदला गया और बाकी हर सत्र से साइन आउट कर दिया गया।',
  passwordChangedWarn: 'अगर यह आप नहीं थे, तो तुरंत अपने एडमिनिस्ट्रेटर को बताएँ।',
  confirmEmailSubject: 'SafePlace पर {{workspace}} के लिए अपना ईमेल पक्का करें',
  confirmEmailBody:
    'आपने SafePlace पर {{workspace}} के लिए साइन अप किया है। पूरा करने के लिए पक्का करें कि यह ईमेल आपका है: पक्का होने के बाद आप साइन इन कर सकेंगे।',
  confirmEmailAction: 'अपना ईमेल पक्का करें',
  confirmEmailValidity:
    'लिंक एक बार, {{hours}} घंटे तक काम करेगा। अगर आपने साइन अप नहीं किया, तो इस ईमेल को अनदेखा करें: इसके बिना किसी खाते का उपयोग नहीं होगा।',
  existingSubject: 'आपका {{workspace}} खाता पहले से है',
  existingBody:
    'किसी ने (शायद आपने) इस ईमेल से SafePlace पर {{workspace}} के लिए साइन अप करने की कोशिश की, पर आपका खाता पहले से है, इसलिए कुछ नहीं बदला गया।',
  existingSignIn: 'साइन इन करें',
  existingReset: 'पासवर्ड भूल गए? रीसेट करें',
  existingIgnore: 'अगर यह आप नहीं थे, तो इस ईमेल को अनदेखा कर सकते हैं।',
  receiptSubject: 'हमें आपकी शिकायत मिल गई: मामला {{case}}',
  receiptBody: 'आपकी शिकायत {{date}} को मामला {{case}} के रूप में प्राप्त हुई।',
  receiptWho: 'इसे केवल इस पर नियुक्त आंतरिक समिति के सदस्य पढ़ सकते हैं; हर बार देखे जाने का रिकॉर्ड रखा जाता है।',
  receiptNext: 'समिति अगले चरणों के बारे में आपसे संपर्क करेगी।',
  receiptLocal: 'इसे स्थानीय समिति को भेजा जाएगा (यहाँ कोई आंतरिक समिति इसे नहीं सुन सकती)।',
  receiptLate: 'यह घटना के 3 महीने से अधिक बाद दर्ज की गई: समिति कारणों सहित समय बढ़ाने पर निर्णय लेगी।',
  toConfirmSubject: 'कृपया अपनी शिकायत की पुष्टि करें: मामला {{case}}',
  toConfirmBody: 'आंतरिक समिति के एक सदस्य ने {{date}} को आपकी ओर से एक शिकायत मामला {{case}} के रूप में दर्ज की।',
  toConfirmAction: 'साइन इन करें और शिकायतें खोलकर इसे पढ़ें और पुष्टि करें। आपकी पुष्टि तक मामले में कुछ नहीं होगा।',
  caseMessageSubject: 'मामला {{case}} पर नया संदेश',
  caseMessageBody: 'आंतरिक समिति ने मामला {{case}} पर आपको लिखा है। इसे पढ़ने के लिए साइन इन करें।',
  caseClosedSubject: 'मामला {{case}} बंद हो गया',
  caseClosedBody: 'आंतरिक समिति ने मामला {{case}} बंद कर दिया है। परिणाम पढ़ने के लिए साइन इन करें।',
  caseAppeal: 'आप समिति की सिफ़ारिशों के विरुद्ध 90 दिनों के भीतर अपील कर सकते हैं (POSH अधिनियम धारा 18): {{date}} तक।',
  smsSignInCode: '{{code}} आपका {{workspace}} साइन-इन कोड है। यह एक बार, {{minutes}} मिनट के लिए काम करता है।',
  lockedSubject: 'आपका {{workspace}} खाता अभी लॉक है',
  lockedBody:
    'किसी ने आपके {{workspace}} खाते के लिए साइन-इन या पासवर्ड रीसेट कोड माँगा, लेकिन बहुत अधिक गलत कोड के बाद खाता लॉक है, इसलिए कोई कोड नहीं भेजा गया।',
  lockedEnds:
    'लॉक {{time}} अपने आप खुल जाएगा। {{workspace}} का कोई व्यवस्थापक इसे पहले हटा सकता है। आप अब भी अपने पासवर्ड से साइन इन कर सकते हैं।',
  smsLocked:
    'बहुत अधिक गलत कोड के बाद आपका {{workspace}} खाता {{time}} तक लॉक है; कोई कोड नहीं भेजा गया। कोई व्यवस्थापक इसे पहले खोल सकता है।',
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
  signInCodeSubject: 'तुमचा {{workspace}} साइन-इन कोड',
  signInCodeBody: 'तुमचा {{workspace}} साइन-इन कोड {{code}} आहे.',
  signInCodeValidity:
    'तो एकदाच, {{minutes}} मिनिटांसाठी चालेल. तुम्ही तो मागितला नसल्यास हा ईमेल दुर्लक्षित करा: कोडशिवाय कोणीही साइन इन करू शकत नाही.',
  resetSubject: 'तुमचा {{workspace}} पासवर्ड रीसेट करा',
  resetBody:
    'कोणीतरी तुमच्या {{workspace}} खात्याचा पासवर्ड रीसेट करण्यास सांगितले आहे. कोड {{code}} आहे; तो एकदाच, {{minutes}} मिनिटांसाठी चालेल.',
  resetIgnore: 'ते तुम्ही नसल्यास हा ईमेल दुर्लक्षित करा: तुमचा पासवर्ड आहे तसाच राहील.',
  inviteSubject: 'SafePlace वर {{workspace}} मध्ये तुम्हाला आमंत्रण',
  inviteHello: 'नमस्कार {{name}},',
  inviteBody:
    '{{workspace}} ने तुम्हाला SafePlace वर आमंत्रित केले आहे, जिथे तुम्ही कामाच्या ठिकाणचे प्रशिक्षण घ्याल आणि सुरक्षितपणे तक्रार नोंदवू शकाल.',
  inviteAction: 'तुमचे खाते सुरू करा',
  inviteValidity: 'लिंक एकदाच, {{days}} दिवसांसाठी चालेल.',
  completedSubject: 'पूर्ण झाले: {{course}} ({{workspace}})',
  completedBody: 'तुम्ही {{date}} रोजी “{{course}}” पूर्ण केले.',
  completedValidUntil: 'तुमचे प्रमाणन {{date}} पर्यंत वैध आहे; त्याआधी हा अभ्यासक्रम तुम्हाला पुन्हा दिला जाईल.',
  certificateCode: 'तुमच्या प्रमाणपत्राचा पडताळणी कोड {{code}} आहे.',
  completedAction: 'अभ्यासक्रम उघडा आणि तुमचे प्रमाणपत्र डाउनलोड करा',
  renewSubject: 'नूतनीकरणाची वेळ: {{course}} ({{workspace}})',
  renewBody:
    '“{{course}}” साठी तुमचे प्रमाणन {{date}} पर्यंत वैध आहे. {{workspace}} ने हा अभ्यासक्रम तुम्हाला पुन्हा दिला आहे: प्रमाणित राहण्यासाठी कृपया तो तोपर्यंत पूर्ण करा. तुमचे आधीचे पूर्ण केलेले काम आणि प्रमाणपत्र जपले जातील.',
  openCourse: 'अभ्यासक्रम उघडा',
  courseReminderOne: 'स्मरणपत्र: {{course}} ({{workspace}})',
  courseOverdueOne: 'मुदत उलटली: {{course}} ({{workspace}})',
  courseReminderMany: '{{workspace}} चे {{count}} अभ्यासक्रम पूर्ण करायचे आहेत',
  courseOverdueMany: '{{workspace}} चे {{count}} अभ्यासक्रम पूर्ण करायचे आहेत, काहींची मुदत उलटली',
  courseIntroOne: 'हा अभ्यासक्रम तुमची वाट पाहत आहे:',
  courseIntroMany: 'हे अभ्यासक्रम तुमची वाट पाहत आहेत:',
  courseNotCompleted: 'अजून पूर्ण झाला नाही',
  courseOverdueSince: '{{date}} पासून मुदत उलटली',
  courseDueToday: 'आज पूर्ण करायचा आहे',
  courseDueOn: '{{date}} पर्यंत पूर्ण करायचा आहे',
  passwordChangedSubject: 'तुमचा {{workspace}} पासवर्ड बदलला',
  passwordChangedBody: 'तुमच्या {{workspace}} खात्याचा पासवर्ड आत्ताच बदलला आणि प्रत्येक सत्रातून साइन आउट केले.',
  passwordChangedBodyKept: 'तुमच्या {{workspace}} खात्याचा पासवर्ड आत्ताच बदलला आणि इतर प्रत्येक सत्रातून साइन आउट केले.',
  passwordChangedWarn: 'हे तुम्ही केले नसल्यास, लगेच तुमच्या प्रशासकाला सांगा.',
  confirmEmailSubject: 'SafePlace वर {{workspace}} साठी तुमचा ईमेल निश्चित करा',
  confirmEmailBody:
    'तुम्ही SafePlace वर {{workspace}} साठी साइन अप केले. पूर्ण करण्यासाठी हा ईमेल तुमचा असल्याचे निश्चित करा: निश्चित झाल्यावर तुम्ही साइन इन करू शकाल.',
  confirmEmailAction: 'तुमचा ईमेल निश्चित करा',
  confirmEmailValidity:
    'दुवा एकदाच, {{hours}} तासांसाठी चालेल. तुम्ही साइन अप केले नसल्यास, या ईमेलकडे दुर्लक्ष करा: त्याशिवाय कोणतेही खाते वापरले जात नाही.',
  existingSubject: 'तुमचे {{workspace}} खाते आधीच आहे',
  existingBody:
    'कोणीतरी (बहुधा तुम्ही) या ईमेलने SafePlace वर {{workspace}} साठी साइन अप करण्याचा प्रयत्न केला, पण तुमचे खाते आधीच आहे, म्हणून काहीही बदलले नाही.',
  existingSignIn: 'साइन इन करा',
  existingReset: 'पासवर्ड विसरलात? रीसेट करा',
  existingIgnore: 'हे तुम्ही नसल्यास, या ईमेलकडे दुर्लक्ष करू शकता.',
  receiptSubject: 'आम्हाला तुमची तक्रार मिळाली: प्रकरण {{case}}',
  receiptBody: 'तुमची तक्रार {{date}} रोजी प्रकरण {{case}} म्हणून मिळाली.',
  receiptWho: 'त्यावर नेमलेले अंतर्गत समितीचे सदस्यच ती वाचू शकतात; प्रत्येक वेळी पाहिल्याची नोंद ठेवली जाते.',
  receiptNext: 'पुढील टप्प्यांबद्दल समिती तुमच्याशी संपर्क करेल.',
  receiptLocal: 'ती स्थानिक समितीकडे पाठवली जाईल (येथे कोणतीही अंतर्गत समिती ती ऐकू शकत नाही).',
  receiptLate: 'ती घटनेनंतर 3 महिन्यांहून अधिक काळाने दाखल झाली: समिती कारणांसह मुदतवाढीचा निर्णय घेईल.',
  toConfirmSubject: 'कृपया तुमच्या तक्रारीची पुष्टी करा: प्रकरण {{case}}',
  toConfirmBody: 'अंतर्गत समितीच्या एका सदस्याने {{date}} रोजी तुमच्या वतीने प्रकरण {{case}} म्हणून तक्रार नोंदवली.',
  toConfirmAction: 'साइन इन करा आणि तक्रारी उघडून ती वाचा आणि पुष्टी करा. तुम्ही पुष्टी करेपर्यंत प्रकरणात काहीही होत नाही.',
  caseMessageSubject: 'प्रकरण {{case}} वर नवीन संदेश',
  caseMessageBody: 'अंतर्गत समितीने प्रकरण {{case}} वर तुम्हाला लिहिले आहे. वाचण्यासाठी साइन इन करा.',
  caseClosedSubject: 'प्रकरण {{case}} बंद झाले',
  caseClosedBody: 'अंतर्गत समितीने प्रकरण {{case}} बंद केले आहे. निकाल वाचण्यासाठी साइन इन करा.',
  caseAppeal: 'समितीच्या शिफारशींविरुद्ध तुम्ही 90 दिवसांच्या आत अपील करू शकता (POSH अधिनियम कलम 18): {{date}} पर्यंत.',
  smsSignInCode: '{{code}} हा तुमचा {{workspace}} साइन-इन कोड आहे. तो एकदाच, {{minutes}} मिनिटांसाठी चालतो.',
  lockedSubject: 'तुमचे {{workspace}} खाते सध्या लॉक आहे',
  lockedBody:
    'कोणीतरी तुमच्या {{workspace}} खात्यासाठी साइन-इन किंवा पासवर्ड रीसेट कोड मागितला, पण खूप चुकीच्या कोडनंतर खाते लॉक आहे, म्हणून कोणताही कोड पाठवला नाही.',
  lockedEnds:
    'लॉक {{time}} आपोआप संपेल. {{workspace}} चा प्रशासक ते आधी काढू शकतो. तुम्ही अजूनही तुमच्या पासवर्डने साइन इन करू शकता.',
  smsLocked:
    'खूप चुकीच्या कोडनंतर तुमचे {{workspace}} खाते {{time}} पर्यंत लॉक आहे; कोणताही कोड पाठवला नाही. प्रशासक ते आधी उघडू शकतो.',
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
  signInCodeSubject: 'ನಿಮ್ಮ {{workspace}} ಸೈನ್-ಇನ್ ಕೋಡ್',
  signInCodeBody: 'ನಿಮ್ಮ {{workspace}} ಸೈನ್-ಇನ್ ಕೋಡ್ {{code}}.',
  signInCodeValidity:
    'ಇದು ಒಮ್ಮೆ ಮಾತ್ರ, {{minutes}} ನಿಮಿಷಗಳವರೆಗೆ ಕೆಲಸ ಮಾಡುತ್ತದೆ. ನೀವು ಇದನ್ನು ಕೇಳದಿದ್ದರೆ ಈ ಇಮೇಲ್ ಅನ್ನು ನಿರ್ಲಕ್ಷಿಸಿ: ಕೋಡ್ ಇಲ್ಲದೆ ಯಾರೂ ಸೈನ್ ಇನ್ ಮಾಡಲಾಗುವುದಿಲ್ಲ.',
  resetSubject: 'ನಿಮ್ಮ {{workspace}} ಪಾಸ್‌ವರ್ಡ್ ಮರುಹೊಂದಿಸಿ',
  resetBody:
    'ಯಾರೋ ನಿಮ್ಮ {{workspace}} ಖಾತೆಯ ಪಾಸ್‌ವರ್ಡ್ ಮರುಹೊಂದಿಸಲು ಕೇಳಿದ್ದಾರೆ. ಕೋಡ್ {{code}}; ಇದು ಒಮ್ಮೆ ಮಾತ್ರ, {{minutes}} ನಿಮಿಷಗಳವರೆಗೆ ಕೆಲಸ ಮಾಡುತ್ತದೆ.',
  resetIgnore: 'ಅದು ನೀವಲ್ಲದಿದ್ದರೆ ಈ ಇಮೇಲ್ ಅನ್ನು ನಿರ್ಲಕ್ಷಿಸಿ: ನಿಮ್ಮ ಪಾಸ್‌ವರ್ಡ್ ಹಾಗೆಯೇ ಇರುತ್ತದೆ.',
  inviteSubject: 'SafePlace ನಲ್ಲಿ {{workspace}} ಗೆ ನಿಮಗೆ ಆಹ್ವಾನ',
  inviteHello: 'ನಮಸ್ಕಾರ {{name}},',
  inviteBody:
    '{{workspace}} ನಿಮ್ಮನ್ನು SafePlace ಗೆ ಆಹ್ವಾನಿಸಿದೆ, ಅಲ್ಲಿ ನೀವು ಕೆಲಸದ ಸ್ಥಳದ ತರಬೇತಿ ಪಡೆಯುತ್ತೀರಿ ಮತ್ತು ಸುರಕ್ಷಿತವಾಗಿ ದೂರು ಸಲ್ಲಿಸಬಹುದು.',
  inviteAction: 'ನಿಮ್ಮ ಖಾತೆ ಸಿದ್ಧಪಡಿಸಿ',
  inviteValidity: 'ಲಿಂಕ್ ಒಮ್ಮೆ ಮಾತ್ರ, {{days}} ದಿನಗಳವರೆಗೆ ಕೆಲಸ ಮಾಡುತ್ತದೆ.',
  completedSubject: 'ಪೂರ್ಣಗೊಂಡಿದೆ: {{course}} ({{workspace}})',
  completedBody: 'ನೀವು {{date}} ರಂದು “{{course}}” ಪೂರ್ಣಗೊಳಿಸಿದ್ದೀರಿ.',
  completedValidUntil: 'ನಿಮ್ಮ ಪ್ರಮಾಣೀಕರಣ {{date}} ರವರೆಗೆ ಮಾನ್ಯ; ಅದಕ್ಕೂ ಮೊದಲು ಈ ಕೋರ್ಸ್ ನಿಮಗೆ ಮತ್ತೆ ನಿಯೋಜನೆಯಾಗುತ್ತದೆ.',
  certificateCode: 'ನಿಮ್ಮ ಪ್ರಮಾಣಪತ್ರದ ಪರಿಶೀಲನಾ ಕೋಡ್ {{code}}.',
  completedAction: 'ಕೋರ್ಸ್ ತೆರೆಯಿರಿ ಮತ್ತು ನಿಮ್ಮ ಪ್ರಮಾಣಪತ್ರ ಡೌನ್‌ಲೋಡ್ ಮಾಡಿ',
  renewSubject: 'ನವೀಕರಿಸುವ ಸಮಯ: {{course}} ({{workspace}})',
  renewBody:
    '“{{course}}” ಗಾಗಿ ನಿಮ್ಮ ಪ್ರಮಾಣೀಕರಣ {{date}} ರವರೆಗೆ ಮಾನ್ಯ. {{workspace}} ಈ ಕೋರ್ಸ್ ಅನ್ನು ನಿಮಗೆ ಮತ್ತೆ ನಿಯೋಜಿಸಿದೆ: ಪ್ರಮಾಣೀಕೃತರಾಗಿ ಉಳಿಯಲು ದಯವಿಟ್ಟು ಅಷ್ಟರೊಳಗೆ ಪೂರ್ಣಗೊಳಿಸಿ. ನಿಮ್ಮ ಹಿಂದಿನ ಪೂರ್ಣಗೊಳಿಸುವಿಕೆ ಮತ್ತು ಪ್ರಮಾಣಪತ್ರ ಉಳಿಯುತ್ತವೆ.',
  openCourse: 'ಕೋರ್ಸ್ ತೆರೆಯಿರಿ',
  courseReminderOne: 'ಜ್ಞಾಪನೆ: {{course}} ({{workspace}})',
  courseOverdueOne: 'ಅವಧಿ ಮೀರಿದೆ: {{course}} ({{workspace}})',
  courseReminderMany: '{{workspace}} ನ {{count}} ಕೋರ್ಸ್‌ಗಳನ್ನು ಪೂರ್ಣಗೊಳಿಸಬೇಕಿದೆ',
  courseOverdueMany: '{{workspace}} ನ {{count}} ಕೋರ್ಸ್‌ಗಳನ್ನು ಪೂರ್ಣಗೊಳಿಸಬೇಕಿದೆ, ಕೆಲವು ಅವಧಿ ಮೀರಿವೆ',
  courseIntroOne: 'ಈ ಕೋರ್ಸ್ ನಿಮಗಾಗಿ ಕಾಯುತ್ತಿದೆ:',
  courseIntroMany: 'ಈ ಕೋರ್ಸ್‌ಗಳು ನಿಮಗಾಗಿ ಕಾಯುತ್ತಿವೆ:',
  courseNotCompleted: 'ಇನ್ನೂ ಪೂರ್ಣಗೊಂಡಿಲ್ಲ',
  courseOverdueSince: '{{date}} ರಿಂದ ಅವಧಿ ಮೀರಿದೆ',
  courseDueToday: 'ಇಂದು ಪೂರ್ಣಗೊಳಿಸಬೇಕು',
  courseDueOn: '{{date}} ರೊಳಗೆ ಪೂರ್ಣಗೊಳಿಸಬೇಕು',
  passwordChangedSubject: 'ನಿಮ್ಮ {{workspace}} ಪಾಸ್‌ವರ್ಡ್ ಬದಲಾಗಿದೆ',
  passwordChangedBody: 'ನಿಮ್ಮ {{workspace}} ಖಾತೆಯ ಪಾಸ್‌ವರ್ಡ್ ಈಗಷ್ಟೇ ಬದಲಾಗಿದೆ ಮತ್ತು ಪ್ರತಿ ಸೆಷನ್‌ನಿಂದ ಸೈನ್ ಔಟ್ ಮಾಡಲಾಗಿದೆ.',
  passwordChangedBodyKept: 'ನಿಮ್ಮ {{workspace}} ಖಾತೆಯ ಪಾಸ್‌ವರ್ಡ್ ಈಗಷ್ಟೇ ಬದಲಾಗಿದೆ ಮತ್ತು ಉಳಿದ ಪ್ರತಿ ಸೆಷನ್‌ನಿಂದ ಸೈನ್ ಔಟ್ ಮಾಡಲಾಗಿದೆ.',
  passwordChangedWarn: 'ಇದು ನೀವಲ್ಲದಿದ್ದರೆ, ತಕ್ಷಣ ನಿಮ್ಮ ನಿರ್ವಾಹಕರಿಗೆ ತಿಳಿಸಿ.',
  confirmEmailSubject: 'SafePlace ನಲ್ಲಿ {{workspace}} ಗಾಗಿ ನಿಮ್ಮ ಇಮೇಲ್ ದೃಢೀಕರಿಸಿ',
  confirmEmailBody:
    'ನೀವು SafePlace ನಲ್ಲಿ {{workspace}} ಗೆ ಸೈನ್ ಅಪ್ ಮಾಡಿದ್ದೀರಿ. ಪೂರ್ಣಗೊಳಿಸಲು ಈ ಇಮೇಲ್ ನಿಮ್ಮದೆಂದು ದೃಢೀಕರಿಸಿ: ದೃಢೀಕರಿಸಿದ ನಂತರ ನೀವು ಸೈನ್ ಇನ್ ಮಾಡಬಹುದು.',
  confirmEmailAction: 'ನಿಮ್ಮ ಇಮೇಲ್ ದೃಢೀಕರಿಸಿ',
  confirmEmailValidity:
    'ಲಿಂಕ್ ಒಮ್ಮೆ ಮಾತ್ರ, {{hours}} ಗಂಟೆಗಳವರೆಗೆ ಕೆಲಸ ಮಾಡುತ್ತದೆ. ನೀವು ಸೈನ್ ಅಪ್ ಮಾಡದಿದ್ದರೆ, ಈ ಇಮೇಲ್ ಅನ್ನು ನಿರ್ಲಕ್ಷಿಸಿ: ಅದಿಲ್ಲದೆ ಯಾವುದೇ ಖಾತೆ ಬಳಕೆಯಾಗುವುದಿಲ್ಲ.',
  existingSubject: 'ನಿಮಗೆ ಈಗಾಗಲೇ {{workspace}} ಖಾತೆ ಇದೆ',
  existingBody:
    'ಯಾರೋ (ಬಹುಶಃ ನೀವು) ಈ ಇಮೇಲ್‌ನಿಂದ SafePlace ನಲ್ಲಿ {{workspace}} ಗೆ ಸೈನ್ ಅಪ್ ಮಾಡಲು ಪ್ರಯತ್ನಿಸಿದರು, ಆದರೆ ನಿಮಗೆ ಈಗಾಗಲೇ ಖಾತೆ ಇದೆ, ಆದ್ದರಿಂದ ಏನೂ ಬದಲಾಗಿಲ್ಲ.',
  existingSignIn: 'ಸೈನ್ ಇನ್ ಮಾಡಿ',
  existingReset: 'ಪಾಸ್‌ವರ್ಡ್ ಮರೆತಿರಾ? ಮರುಹೊಂದಿಸಿ',
  existingIgnore: 'ಇದು ನೀವಲ್ಲದಿದ್ದರೆ, ಈ ಇಮೇಲ್ ಅನ್ನು ನಿರ್ಲಕ್ಷಿಸಬಹುದು.',
  receiptSubject: 'ನಿಮ್ಮ ದೂರು ನಮಗೆ ತಲುಪಿದೆ: ಪ್ರಕರಣ {{case}}',
  receiptBody: 'ನಿಮ್ಮ ದೂರು {{date}} ರಂದು ಪ್ರಕರಣ {{case}} ಆಗಿ ಸ್ವೀಕರಿಸಲಾಗಿದೆ.',
  receiptWho: 'ಇದಕ್ಕೆ ನಿಯೋಜಿತ ಆಂತರಿಕ ಸಮಿತಿಯ ಸದಸ್ಯರು ಮಾತ್ರ ಇದನ್ನು ಓದಬಹುದು; ಪ್ರತಿ ವೀಕ್ಷಣೆಯನ್ನು ದಾಖಲಿಸಲಾಗುತ್ತದೆ.',
  receiptNext: 'ಮುಂದಿನ ಹಂತಗಳ ಬಗ್ಗೆ ಸಮಿತಿ ನಿಮ್ಮನ್ನು ಸಂಪರ್ಕಿಸುತ್ತದೆ.',
  receiptLocal: 'ಇದನ್ನು ಸ್ಥಳೀಯ ಸಮಿತಿಗೆ ಕಳುಹಿಸಲಾಗುತ್ತದೆ (ಇಲ್ಲಿ ಯಾವುದೇ ಆಂತರಿಕ ಸಮಿತಿ ಇದನ್ನು ಆಲಿಸಲಾಗದು).',
  receiptLate: 'ಇದು ಘಟನೆಯ 3 ತಿಂಗಳ ನಂತರ ಸಲ್ಲಿಕೆಯಾಗಿದೆ: ಸಮಿತಿ ಕಾರಣಗಳೊಂದಿಗೆ ಅವಧಿ ವಿಸ್ತರಣೆಯ ಬಗ್ಗೆ ನಿರ್ಧರಿಸುತ್ತದೆ.',
  toConfirmSubject: 'ದಯವಿಟ್ಟು ನಿಮ್ಮ ದೂರನ್ನು ದೃಢೀಕರಿಸಿ: ಪ್ರಕರಣ {{case}}',
  toConfirmBody: 'ಆಂತರಿಕ ಸಮಿತಿಯ ಸದಸ್ಯರೊಬ್ಬರು {{date}} ರಂದು ನಿಮ್ಮ ಪರವಾಗಿ ಪ್ರಕರಣ {{case}} ಆಗಿ ದೂರು ದಾಖಲಿಸಿದ್ದಾರೆ.',
  toConfirmAction: 'ಸೈನ್ ಇನ್ ಮಾಡಿ, ದೂರುಗಳನ್ನು ತೆರೆದು ಓದಿ ಮತ್ತು ದೃಢೀಕರಿಸಿ. ನೀವು ದೃಢೀಕರಿಸುವವರೆಗೆ ಪ್ರಕರಣದಲ್ಲಿ ಏನೂ ನಡೆಯುವುದಿಲ್ಲ.',
  caseMessageSubject: 'ಪ್ರಕರಣ {{case}} ರಲ್ಲಿ ಹೊಸ ಸಂದೇಶ',
  caseMessageBody: 'ಆಂತರಿಕ ಸಮಿತಿ ಪ್ರಕರಣ {{case}} ಕುರಿತು ನಿಮಗೆ ಬರೆದಿದೆ. ಓದಲು ಸೈನ್ ಇನ್ ಮಾಡಿ.',
  caseClosedSubject: 'ಪ್ರಕರಣ {{case}} ಮುಕ್ತಾಯಗೊಂಡಿದೆ',
  caseClosedBody: 'ಆಂತರಿಕ ಸಮಿತಿ ಪ್ರಕರಣ {{case}} ಅನ್ನು ಮುಕ್ತಾಯಗೊಳಿಸಿದೆ. ಫಲಿತಾಂಶ ಓದಲು ಸೈನ್ ಇನ್ ಮಾಡಿ.',
  caseAppeal: 'ಸಮಿತಿಯ ಶಿಫಾರಸುಗಳ ವಿರುದ್ಧ ನೀವು 90 ದಿನಗಳಲ್ಲಿ ಮೇಲ್ಮನವಿ ಸಲ್ಲಿಸಬಹುದು (POSH ಕಾಯ್ದೆ ಸೆಕ್ಷನ್ 18): {{date}} ರೊಳಗೆ.',
  smsSignInCode: '{{code}} ನಿಮ್ಮ {{workspace}} ಸೈನ್-ಇನ್ ಕೋಡ್. ಇದು ಒಮ್ಮೆ ಮಾತ್ರ, {{minutes}} ನಿಮಿಷಗಳವರೆಗೆ ಕೆಲಸ ಮಾಡುತ್ತದೆ.',
  lockedSubject: 'ನಿಮ್ಮ {{workspace}} ಖಾತೆ ಸದ್ಯಕ್ಕೆ ಲಾಕ್ ಆಗಿದೆ',
  lockedBody:
    'ಯಾರೋ ನಿಮ್ಮ {{workspace}} ಖಾತೆಗೆ ಸೈನ್-ಇನ್ ಅಥವಾ ಪಾಸ್‌ವರ್ಡ್ ಮರುಹೊಂದಿಸುವ ಕೋಡ್ ಕೇಳಿದರು, ಆದರೆ ಹಲವು ತಪ್ಪು ಕೋಡ್‌ಗಳ ನಂತರ ಖಾತೆ ಲಾಕ್ ಆಗಿದೆ, ಆದ್ದರಿಂದ ಯಾವುದೇ ಕೋಡ್ ಕಳುಹಿಸಲಾಗಿಲ್ಲ.',
  lockedEnds:
    'ಲಾಕ್ {{time}} ತಾನಾಗಿಯೇ ಕೊನೆಗೊಳ್ಳುತ್ತದೆ. {{workspace}} ನ ನಿರ್ವಾಹಕರು ಅದನ್ನು ಮೊದಲೇ ತೆಗೆಯಬಹುದು. ನೀವು ಈಗಲೂ ನಿಮ್ಮ ಪಾಸ್‌ವರ್ಡ್‌ನಿಂದ ಸೈನ್ ಇನ್ ಮಾಡಬಹುದು.',
  smsLocked:
    'ಹಲವು ತಪ್ಪು ಕೋಡ್‌ಗಳ ನಂತರ ನಿಮ್ಮ {{workspace}} ಖಾತೆ {{time}} ರವರೆಗೆ ಲಾಕ್ ಆಗಿದೆ; ಯಾವುದೇ ಕೋಡ್ ಕಳುಹಿಸಲಾಗಿಲ್ಲ. ನಿರ್ವಾಹಕರು ಅದನ್ನು ಮೊದಲೇ ತೆರೆಯಬಹುದು.',
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
  signInCodeSubject: 'మీ {{workspace}} సైన్-ఇన్ కోడ్',
  signInCodeBody: 'మీ {{workspace}} సైన్-ఇన్ కోడ్ {{code}}.',
  signInCodeValidity:
    'ఇది ఒక్కసారి, {{minutes}} నిమిషాల పాటు పని చేస్తుంది. మీరు దీన్ని అడగకపోతే ఈ ఇమెయిల్‌ను పట్టించుకోకండి: కోడ్ లేకుండా ఎవరూ సైన్ ఇన్ చేయలేరు.',
  resetSubject: 'మీ {{workspace}} పాస్‌వర్డ్‌ను రీసెట్ చేయండి',
  resetBody: 'ఎవరో మీ {{workspace}} ఖాతా పాస్‌వర్డ్‌ను రీసెట్ చేయమని అడిగారు. కోడ్ {{code}}; ఇది ఒక్కసారి, {{minutes}} నిమిషాల పాటు పని చేస్తుంది.',
  resetIgnore: 'అది మీరు కాకపోతే ఈ ఇమెయిల్‌ను పట్టించుకోకండి: మీ పాస్‌వర్డ్ అలాగే ఉంటుంది.',
  inviteSubject: 'SafePlaceలో {{workspace}}కు మీకు ఆహ్వానం',
  inviteHello: 'నమస్తే {{name}},',
  inviteBody: '{{workspace}} మిమ్మల్ని SafePlaceకు ఆహ్వానించింది, అక్కడ మీరు పనిస్థల శిక్షణ తీసుకుంటారు మరియు సురక్షితంగా ఫిర్యాదు చేయవచ్చు.',
  inviteAction: 'మీ ఖాతాను సిద్ధం చేయండి',
  inviteValidity: 'లింక్ ఒక్కసారి, {{days}} రోజుల పాటు పని చేస్తుంది.',
  completedSubject: 'పూర్తయింది: {{course}} ({{workspace}})',
  completedBody: 'మీరు {{date}}న “{{course}}” పూర్తి చేశారు.',
  completedValidUntil: 'మీ సర్టిఫికేషన్ {{date}} వరకు చెల్లుతుంది; అంతకు ముందే ఈ కోర్సు మీకు మళ్లీ అప్పగించబడుతుంది.',
  certificateCode: 'మీ సర్టిఫికెట్ ధృవీకరణ కోడ్ {{code}}.',
  completedAction: 'కోర్సును తెరిచి మీ సర్టిఫికెట్‌ను డౌన్‌లోడ్ చేయండి',
  renewSubject: 'పునరుద్ధరించే సమయం: {{course}} ({{workspace}})',
  renewBody:
    '“{{course}}” కోసం మీ సర్టిఫికేషన్ {{date}} వరకు చెల్లుతుంది. {{workspace}} ఈ కోర్సును మీకు మళ్లీ అప్పగించింది: సర్టిఫైడ్‌గా ఉండడానికి దయచేసి అప్పటిలోగా పూర్తి చేయండి. మీ మునుపటి పూర్తి మరియు సర్టిఫికెట్ అలాగే ఉంటాయి.',
  openCourse: 'కోర్సును తెరవండి',
  courseReminderOne: 'గుర్తు: {{course}} ({{workspace}})',
  courseOverdueOne: 'గడువు దాటింది: {{course}} ({{workspace}})',
  courseReminderMany: '{{workspace}} యొక్క {{count}} కోర్సులు పూర్తి చేయాలి',
  courseOverdueMany: '{{workspace}} యొక్క {{count}} కోర్సులు పూర్తి చేయాలి, కొన్నింటికి గడువు దాటింది',
  courseIntroOne: 'ఈ కోర్సు మీ కోసం ఎదురుచూస్తోంది:',
  courseIntroMany: 'ఈ కోర్సులు మీ కోసం ఎదురుచూస్తున్నాయి:',
  courseNotCompleted: 'ఇంకా పూర్తి కాలేదు',
  courseOverdueSince: '{{date}} నుండి గడువు దాటింది',
  courseDueToday: 'ఈరోజు పూర్తి చేయాలి',
  courseDueOn: '{{date}} లోగా పూర్తి చేయాలి',
  passwordChangedSubject: 'మీ {{workspace}} పాస్‌వర్డ్ మార్చబడింది',
  passwordChangedBody: 'మీ {{workspace}} ఖాతా పాస్‌వర్డ్ ఇప్పుడే మార్చబడింది, ప్రతి సెషన్ నుండి సైన్ అవుట్ చేయబడింది.',
  passwordChangedBodyKept: 'మీ {{workspace}} ఖాతా పాస్‌వర్డ్ ఇప్పుడే మార్చబడింది, మిగతా ప్రతి సెషన్ నుండి సైన్ అవుట్ చేయబడింది.',
  passwordChangedWarn: 'ఇది మీరు కాకపోతే, వెంటనే మీ నిర్వాహకుడికి చెప్పండి.',
  confirmEmailSubject: 'SafePlace లో {{workspace}} కోసం మీ ఈమెయిల్‌ను నిర్ధారించండి',
  confirmEmailBody:
    'మీరు SafePlace లో {{workspace}} కు సైన్ అప్ చేశారు. పూర్తి చేయడానికి ఈ ఈమెయిల్ మీదేనని నిర్ధారించండి: నిర్ధారించిన తర్వాత మీరు సైన్ ఇన్ చేయవచ్చు.',
  confirmEmailAction: 'మీ ఈమెయిల్‌ను నిర్ధారించండి',
  confirmEmailValidity:
    'లింక్ ఒక్కసారి, {{hours}} గంటల పాటు పనిచేస్తుంది. మీరు సైన్ అప్ చేయకపోతే, ఈ ఈమెయిల్‌ను పట్టించుకోకండి: అది లేకుండా ఏ ఖాతా ఉపయోగంలోకి రాదు.',
  existingSubject: 'మీకు ఇప్పటికే {{workspace}} ఖాతా ఉంది',
  existingBody:
    'ఎవరో (బహుశా మీరే) ఈ ఈమెయిల్‌తో SafePlace లో {{workspace}} కు సైన్ అప్ చేయడానికి ప్రయత్నించారు, కానీ మీకు ఇప్పటికే ఖాతా ఉంది, కాబట్టి ఏమీ మారలేదు.',
  existingSignIn: 'సైన్ ఇన్ చేయండి',
  existingReset: 'పాస్‌వర్డ్ మర్చిపోయారా? రీసెట్ చేయండి',
  existingIgnore: 'ఇది మీరు కాకపోతే, ఈ ఈమెయిల్‌ను పట్టించుకోనవసరం లేదు.',
  receiptSubject: 'మీ ఫిర్యాదు మాకు అందింది: కేసు {{case}}',
  receiptBody: 'మీ ఫిర్యాదు {{date}} న కేసు {{case}} గా అందింది.',
  receiptWho: 'దీనికి నియమించిన అంతర్గత కమిటీ సభ్యులు మాత్రమే దీన్ని చదవగలరు; ప్రతి వీక్షణ నమోదు అవుతుంది.',
  receiptNext: 'తదుపరి దశల గురించి కమిటీ మిమ్మల్ని సంప్రదిస్తుంది.',
  receiptLocal: 'ఇది స్థానిక కమిటీకి పంపబడుతుంది (ఇక్కడ ఏ అంతర్గత కమిటీ దీన్ని విచారించలేదు).',
  receiptLate: 'ఇది సంఘటన జరిగిన 3 నెలల తర్వాత దాఖలైంది: కమిటీ కారణాలతో గడువు పొడిగింపుపై నిర్ణయిస్తుంది.',
  toConfirmSubject: 'దయచేసి మీ ఫిర్యాదును నిర్ధారించండి: కేసు {{case}}',
  toConfirmBody: 'అంతర్గత కమిటీ సభ్యులు ఒకరు {{date}} న మీ తరఫున కేసు {{case}} గా ఫిర్యాదు నమోదు చేశారు.',
  toConfirmAction: 'సైన్ ఇన్ చేసి ఫిర్యాదులు తెరిచి దాన్ని చదివి నిర్ధారించండి. మీరు నిర్ధారించే వరకు కేసులో ఏమీ జరగదు.',
  caseMessageSubject: 'కేసు {{case}} లో కొత్త సందేశం',
  caseMessageBody: 'అంతర్గత కమిటీ కేసు {{case}} గురించి మీకు రాసింది. చదవడానికి సైన్ ఇన్ చేయండి.',
  caseClosedSubject: 'కేసు {{case}} ముగిసింది',
  caseClosedBody: 'అంతర్గత కమిటీ కేసు {{case}} ను ముగించింది. ఫలితం చదవడానికి సైన్ ఇన్ చేయండి.',
  caseAppeal: 'కమిటీ సిఫార్సులపై మీరు 90 రోజుల్లో అప్పీల్ చేయవచ్చు (POSH చట్టం సెక్షన్ 18): {{date}} లోగా.',
  smsSignInCode: '{{code}} మీ {{workspace}} సైన్-ఇన్ కోడ్. ఇది ఒక్కసారి, {{minutes}} నిమిషాల పాటు పనిచేస్తుంది.',
  lockedSubject: 'మీ {{workspace}} ఖాతా ప్రస్తుతం లాక్ అయింది',
  lockedBody:
    'ఎవరో మీ {{workspace}} ఖాతా కోసం సైన్-ఇన్ లేదా పాస్‌వర్డ్ రీసెట్ కోడ్ అడిగారు, కానీ చాలా తప్పు కోడ్‌ల తర్వాత ఖాతా లాక్ అయింది, కాబట్టి ఏ కోడ్ పంపబడలేదు.',
  lockedEnds:
    'లాక్ {{time}} దానంతట అదే ముగుస్తుంది. {{workspace}} నిర్వాహకులు దాన్ని ముందే తీసివేయగలరు. మీరు ఇప్పటికీ మీ పాస్‌వర్డ్‌తో సైన్ ఇన్ చేయవచ్చు.',
  smsLocked: 'చాలా తప్పు కోడ్‌ల తర్వాత మీ {{workspace}} ఖాతా {{time}} వరకు లాక్ అయింది; ఏ కోడ్ పంపబడలేదు. నిర్వాహకులు దాన్ని ముందే తెరవగలరు.',
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
  signInCodeSubject: 'உங்கள் {{workspace}} உள்நுழைவுக் குறியீடு',
  signInCodeBody: 'உங்கள் {{workspace}} உள்நுழைவுக் குறியீடு {{code}}.',
  signInCodeValidity:
    'இது ஒருமுறை, {{minutes}} நிமிடங்கள் வரை செல்லும். நீங்கள் இதைக் கேட்கவில்லை என்றால் இந்த மின்னஞ்சலைப் புறக்கணிக்கவும்: குறியீடு இல்லாமல் யாரும் உள்நுழைய முடியாது.',
  resetSubject: 'உங்கள் {{workspace}} கடவுச்சொல்லை மீட்டமைக்கவும்',
  resetBody:
    'உங்கள் {{workspace}} கணக்கின் கடவுச்சொல்லை மீட்டமைக்க யாரோ கேட்டுள்ளனர். குறியீடு {{code}}; இது ஒருமுறை, {{minutes}} நிமிடங்கள் வரை செல்லும்.',
  resetIgnore: 'அது நீங்கள் இல்லை என்றால் இந்த மின்னஞ்சலைப் புறக்கணிக்கவும்: உங்கள் கடவுச்சொல் அப்படியே இருக்கும்.',
  inviteSubject: 'SafePlace இல் {{workspace}} க்கு உங்களுக்கு அழைப்பு',
  inviteHello: 'வணக்கம் {{name}},',
  inviteBody:
    '{{workspace}} உங்களை SafePlace க்கு அழைத்துள்ளது; அங்கு நீங்கள் பணியிடப் பயிற்சி பெறுவீர்கள், பாதுகாப்பாகப் புகார் அளிக்கலாம்.',
  inviteAction: 'உங்கள் கணக்கை அமைக்கவும்',
  inviteValidity: 'இணைப்பு ஒருமுறை, {{days}} நாட்கள் வரை செல்லும்.',
  completedSubject: 'முடிந்தது: {{course}} ({{workspace}})',
  completedBody: 'நீங்கள் {{date}} அன்று “{{course}}” ஐ முடித்தீர்கள்.',
  completedValidUntil: 'உங்கள் சான்றளிப்பு {{date}} வரை செல்லும்; அதற்கு முன் இந்தப் பாடநெறி மீண்டும் உங்களுக்கு ஒதுக்கப்படும்.',
  certificateCode: 'உங்கள் சான்றிதழின் சரிபார்ப்புக் குறியீடு {{code}}.',
  completedAction: 'பாடநெறியைத் திறந்து உங்கள் சான்றிதழைப் பதிவிறக்கவும்',
  renewSubject: 'புதுப்பிக்கும் நேரம்: {{course}} ({{workspace}})',
  renewBody:
    '“{{course}}” க்கான உங்கள் சான்றளிப்பு {{date}} வரை செல்லும். {{workspace}} இந்தப் பாடநெறியை மீண்டும் உங்களுக்கு ஒதுக்கியுள்ளது: சான்றளிப்பைத் தொடர அதற்குள் முடிக்கவும். உங்கள் முந்தைய நிறைவும் சான்றிதழும் வைக்கப்படும்.',
  openCourse: 'பாடநெறியைத் திற',
  courseReminderOne: 'நினைவூட்டல்: {{course}} ({{workspace}})',
  courseOverdueOne: 'காலம் கடந்தது: {{course}} ({{workspace}})',
  courseReminderMany: '{{workspace}} இன் {{count}} பாடநெறிகளை முடிக்க வேண்டும்',
  courseOverdueMany: '{{workspace}} இன் {{count}} பாடநெறிகளை முடிக்க வேண்டும், சில காலம் கடந்தவை',
  courseIntroOne: 'இந்தப் பாடநெறி உங்களுக்காகக் காத்திருக்கிறது:',
  courseIntroMany: 'இந்தப் பாடநெறிகள் உங்களுக்காகக் காத்திருக்கின்றன:',
  courseNotCompleted: 'இன்னும் முடிக்கவில்லை',
  courseOverdueSince: '{{date}} முதல் காலம் கடந்தது',
  courseDueToday: 'இன்று முடிக்க வேண்டும்',
  courseDueOn: '{{date}} க்குள் முடிக்க வேண்டும்',
  passwordChangedSubject: 'உங்கள் {{workspace}} கடவுச்சொல் மாற்றப்பட்டது',
  passwordChangedBody: 'உங்கள் {{workspace}} கணக்கின் கடவுச்சொல் இப்போது மாற்றப்பட்டது, எல்லா அமர்வுகளிலிருந்தும் வெளியேற்றப்பட்டது.',
  passwordChangedBodyKept:
    'உங்கள் {{workspace}} கணக்கின் கடவுச்சொல் இப்போது மாற்றப்பட்டது, மற்ற எல்லா அமர்வுகளிலிருந்தும் வெளியேற்றப்பட்டது.',
  passwordChangedWarn: 'இது நீங்கள் இல்லை என்றால், உடனே உங்கள் நிர்வாகியிடம் சொல்லுங்கள்.',
  confirmEmailSubject: 'SafePlace இல் {{workspace}} க்கான உங்கள் மின்னஞ்சலை உறுதிப்படுத்துங்கள்',
  confirmEmailBody:
    'நீங்கள் SafePlace இல் {{workspace}} இல் பதிவு செய்தீர்கள். முடிக்க, இந்த மின்னஞ்சல் உங்களுடையது என உறுதிப்படுத்துங்கள்: உறுதிப்படுத்திய பின் உள்நுழையலாம்.',
  confirmEmailAction: 'உங்கள் மின்னஞ்சலை உறுதிப்படுத்து',
  confirmEmailValidity:
    'இணைப்பு ஒருமுறை, {{hours}} மணிநேரம் வரை செல்லும். நீங்கள் பதிவு செய்யவில்லை என்றால் இந்த மின்னஞ்சலைப் புறக்கணிக்கவும்: அது இல்லாமல் எந்தக் கணக்கும் பயன்படுத்தப்படாது.',
  existingSubject: 'உங்களுக்கு ஏற்கனவே {{workspace}} கணக்கு உள்ளது',
  existingBody:
    'யாரோ (பெரும்பாலும் நீங்கள்) இந்த மின்னஞ்சலுடன் SafePlace இல் {{workspace}} இல் பதிவு செய்ய முயன்றனர், ஆனால் உங்களுக்கு ஏற்கனவே கணக்கு உள்ளது, எனவே எதுவும் மாற்றப்படவில்லை.',
  existingSignIn: 'உள்நுழை',
  existingReset: 'கடவுச்சொல் மறந்துவிட்டதா? மீட்டமை',
  existingIgnore: 'அது நீங்கள் இல்லை என்றால், இந்த மின்னஞ்சலைப் புறக்கணிக்கலாம்.',
  receiptSubject: 'உங்கள் புகார் கிடைத்தது: வழக்கு {{case}}',
  receiptBody: 'உங்கள் புகார் {{date}} அன்று வழக்கு {{case}} ஆகப் பெறப்பட்டது.',
  receiptWho: 'இதற்கு நியமிக்கப்பட்ட உள் குழு உறுப்பினர்கள் மட்டுமே இதைப் படிக்க முடியும்; ஒவ்வொரு பார்வையும் பதிவு செய்யப்படுகிறது.',
  receiptNext: 'அடுத்த படிகள் பற்றி குழு உங்களைத் தொடர்புகொள்ளும்.',
  receiptLocal: 'இது உள்ளூர் குழுவுக்கு அனுப்பப்படும் (இங்கு எந்த உள் குழுவும் இதை விசாரிக்க முடியாது).',
  receiptLate: 'இது சம்பவத்திற்கு 3 மாதங்களுக்கு மேல் கழித்துப் பதிவானது: குழு காரணங்களுடன் கால நீட்டிப்பு பற்றி முடிவு செய்யும்.',
  toConfirmSubject: 'உங்கள் புகாரை உறுதிப்படுத்துங்கள்: வழக்கு {{case}}',
  toConfirmBody: 'உள் குழு உறுப்பினர் ஒருவர் {{date}} அன்று உங்கள் சார்பாக வழக்கு {{case}} ஆகப் புகாரைப் பதிவு செய்தார்.',
  toConfirmAction:
    'உள்நுழைந்து புகார்களைத் திறந்து அதைப் படித்து உறுதிப்படுத்துங்கள். நீங்கள் உறுதிப்படுத்தும் வரை வழக்கில் எதுவும் நடக்காது.',
  caseMessageSubject: 'வழக்கு {{case}} இல் புதிய செய்தி',
  caseMessageBody: 'உள் குழு வழக்கு {{case}} பற்றி உங்களுக்கு எழுதியுள்ளது. படிக்க உள்நுழையுங்கள்.',
  caseClosedSubject: 'வழக்கு {{case}} முடிக்கப்பட்டது',
  caseClosedBody: 'உள் குழு வழக்கு {{case}} ஐ முடித்துள்ளது. முடிவைப் படிக்க உள்நுழையுங்கள்.',
  caseAppeal: 'குழுவின் பரிந்துரைகளுக்கு எதிராக 90 நாட்களுக்குள் மேல்முறையீடு செய்யலாம் (POSH சட்டம் பிரிவு 18): {{date}} வரை.',
  smsSignInCode: '{{code}} உங்கள் {{workspace}} உள்நுழைவுக் குறியீடு. இது ஒருமுறை, {{minutes}} நிமிடங்களுக்கு மட்டும் செல்லும்.',
  lockedSubject: 'உங்கள் {{workspace}} கணக்கு இப்போது பூட்டப்பட்டுள்ளது',
  lockedBody:
    'யாரோ உங்கள் {{workspace}} கணக்கிற்கு உள்நுழைவு அல்லது கடவுச்சொல் மீட்டமைப்புக் குறியீட்டைக் கேட்டனர், ஆனால் பல தவறான குறியீடுகளுக்குப் பிறகு கணக்கு பூட்டப்பட்டுள்ளதால் எந்தக் குறியீடும் அனுப்பப்படவில்லை.',
  lockedEnds:
    'பூட்டு {{time}} தானாகவே முடியும். {{workspace}} இன் நிர்வாகி அதை முன்பே நீக்கலாம். உங்கள் கடவுச்சொல்லால் இப்போதும் உள்நுழையலாம்.',
  smsLocked:
    'பல தவறான குறியீடுகளுக்குப் பிறகு உங்கள் {{workspace}} கணக்கு {{time}} வரை பூட்டப்பட்டுள்ளது; எந்தக் குறியீடும் அனுப்பப்படவில்லை. நிர்வாகி அதை முன்பே திறக்கலாம்.',
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
  signInCodeSubject: 'Votre code de connexion {{workspace}}',
  signInCodeBody: 'Votre code de connexion {{workspace}} est {{code}}.',
  signInCodeValidity:
    'Il sert une seule fois, pendant {{minutes}} minutes. Si vous ne l’avez pas demandé, ignorez ce courriel : personne ne peut se connecter sans le code.',
  resetSubject: 'Réinitialiser votre mot de passe {{workspace}}',
  resetBody:
    'Quelqu’un a demandé la réinitialisation du mot de passe de votre compte {{workspace}}. Le code est {{code}}; il sert une seule fois, pendant {{minutes}} minutes.',
  resetIgnore: 'Si ce n’était pas vous, ignorez ce courriel : votre mot de passe reste le même.',
  inviteSubject: 'Vous êtes invité à {{workspace}} sur SafePlace',
  inviteHello: 'Bonjour {{name}},',
  inviteBody:
    '{{workspace}} vous invite sur SafePlace, où vous suivrez votre formation en milieu de travail et pourrez signaler une situation en toute sécurité.',
  inviteAction: 'Créer votre compte',
  inviteValidity: 'Le lien sert une seule fois, pendant {{days}} jours.',
  completedSubject: 'Terminé : {{course}} ({{workspace}})',
  completedBody: 'Vous avez terminé « {{course}} » le {{date}}.',
  completedValidUntil:
    'Votre certification est valide jusqu’au {{date}}; le cours vous sera assigné de nouveau avant cette date.',
  certificateCode: 'Le code de vérification de votre certificat est {{code}}.',
  completedAction: 'Ouvrir le cours et télécharger votre certificat',
  renewSubject: 'Moment de renouveler : {{course}} ({{workspace}})',
  renewBody:
    'Votre certification pour « {{course}} » est valide jusqu’au {{date}}. {{workspace}} vous a assigné le cours de nouveau : terminez-le d’ici là pour rester certifié. Votre achèvement et votre certificat précédents sont conservés.',
  openCourse: 'Ouvrir le cours',
  courseReminderOne: 'Rappel : {{course}} ({{workspace}})',
  courseOverdueOne: 'En retard : {{course}} ({{workspace}})',
  courseReminderMany: '{{count}} cours de {{workspace}} à terminer',
  courseOverdueMany: '{{count}} cours de {{workspace}} à terminer, certains en retard',
  courseIntroOne: 'Ce cours vous attend :',
  courseIntroMany: 'Ces cours vous attendent :',
  courseNotCompleted: 'pas encore terminé',
  courseOverdueSince: 'en retard depuis le {{date}}',
  courseDueToday: 'à terminer aujourd’hui',
  courseDueOn: 'à terminer avant le {{date}}',
  passwordChangedSubject: 'Votre mot de passe {{workspace}} a été changé',
  passwordChangedBody:
    'Le mot de passe de votre compte {{workspace}} vient d’être changé et toutes les sessions ont été fermées.',
  passwordChangedBodyKept:
    'Le mot de passe de votre compte {{workspace}} vient d’être changé et toutes les autres sessions ont été fermées.',
  passwordChangedWarn: 'Si ce n’était pas vous, avisez tout de suite votre administrateur.',
  confirmEmailSubject: 'Confirmez votre courriel pour {{workspace}} sur SafePlace',
  confirmEmailBody:
    'Vous vous êtes inscrit à {{workspace}} sur SafePlace. Confirmez que ce courriel est le vôtre pour terminer : vous pourrez vous connecter une fois qu’il sera confirmé.',
  confirmEmailAction: 'Confirmer votre courriel',
  confirmEmailValidity:
    'Le lien sert une seule fois, pendant {{hours}} heures. Si vous ne vous êtes pas inscrit, ignorez ce courriel : aucun compte n’est utilisé sans lui.',
  existingSubject: 'Vous avez déjà un compte {{workspace}}',
  existingBody:
    'Quelqu’un (sans doute vous) a tenté de s’inscrire à {{workspace}} sur SafePlace avec ce courriel, mais vous avez déjà un compte : rien n’a été changé.',
  existingSignIn: 'Se connecter',
  existingReset: 'Mot de passe oublié? Le réinitialiser',
  existingIgnore: 'Si ce n’était pas vous, vous pouvez ignorer ce courriel.',
  receiptSubject: 'Nous avons reçu votre plainte : dossier {{case}}',
  receiptBody: 'Votre plainte a été reçue le {{date}} sous le numéro de dossier {{case}}.',
  receiptWho:
    'Seuls les membres du comité interne qui y sont affectés peuvent la lire; chaque consultation est enregistrée.',
  receiptNext: 'Le comité communiquera avec vous pour la suite.',
  receiptLocal: 'Elle sera renvoyée au comité local (aucun comité interne ne peut l’entendre ici).',
  receiptLate:
    'Elle a été déposée plus de 3 mois après l’incident : le comité décidera d’une prolongation, motifs à l’appui.',
  toConfirmSubject: 'Veuillez confirmer votre plainte : dossier {{case}}',
  toConfirmBody:
    'Un membre du comité interne a consigné une plainte en votre nom le {{date}} sous le numéro de dossier {{case}}.',
  toConfirmAction:
    'Connectez-vous et ouvrez Plaintes pour la lire et la confirmer. Rien ne se passe dans le dossier avant votre confirmation.',
  caseMessageSubject: 'Nouveau message au dossier {{case}}',
  caseMessageBody: 'Le comité interne vous a écrit au sujet du dossier {{case}}. Connectez-vous pour le lire.',
  caseClosedSubject: 'Le dossier {{case}} est fermé',
  caseClosedBody: 'Le comité interne a fermé le dossier {{case}}. Connectez-vous pour en lire l’issue.',
  caseAppeal:
    'Vous pouvez faire appel des recommandations du comité dans les 90 jours (loi POSH, art. 18) : au plus tard le {{date}}.',
  smsSignInCode:
    '{{code}} est votre code de connexion {{workspace}}. Il sert une seule fois, pendant {{minutes}} minutes.',
  lockedSubject: 'Votre compte {{workspace}} est verrouillé pour le moment',
  lockedBody:
    'Quelqu’un a demandé un code de connexion ou de réinitialisation du mot de passe pour votre compte {{workspace}}, mais le compte est verrouillé après trop de codes erronés : aucun code n’a été envoyé.',
  lockedEnds:
    'Le verrouillage prend fin de lui-même le {{time}}. Un administrateur de {{workspace}} peut le lever plus tôt. Vous pouvez toujours vous connecter avec votre mot de passe.',
  smsLocked:
    'Votre compte {{workspace}} est verrouillé après trop de codes erronés jusqu’au {{time}}; aucun code n’a été envoyé. Un administrateur peut le déverrouiller plus tôt.',
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
  /** A moment as the recipient reads it, in the workspace's time zone, the zone named (`12 December 2026, 14:05 IST`). */
  time: (date: Date, timeZone: string) => string;
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
    time: (date, timeZone) =>
      new Intl.DateTimeFormat(localeFor(language, country), {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone,
        timeZoneName: 'short',
      }).format(date),
    tag,
  };
}
