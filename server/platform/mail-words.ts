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
