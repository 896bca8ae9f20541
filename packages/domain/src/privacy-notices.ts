/**
 * The privacy notice shown at every point of collection (DPDP Act 2023 s.5, DPDP Rules 2025
 * rule 3; issue 61 item 1): per form, the personal data that form takes and what for, in English
 * and Hindi, with the shopper's rights, the shop's grievance contact and the Data Protection
 * Board. The texts live here only; the web's `PrivacyNotice` shows them and the API versions them.
 *
 * The version of a store's notice is computed from what it says (`privacyNoticeVersion`): the
 * template's revision, every form's text, the shop's name and its grievance contact. When the
 * owner changes any of these, the version changes, and a consent recorded against a version can
 * show what that version said (the API keeps a snapshot of each).
 */

/**
 * The revision of the texts below: raise it with any change to them (the version's hash changes
 * with the text anyway; the revision says which template a snapshot came from).
 */
export const PRIVACY_NOTICE_REVISION = 2;

/** The Data Protection Board of India's site, as notified under the DPDP Rules 2025. */
export const DATA_PROTECTION_BOARD_URL = 'https://www.dpb.gov.in';

/** The shopper's privacy page (My account → Privacy): their consents, data and requests. */
export const PRIVACY_PAGE_PATH = '/my-account/privacy';
/** Where on the privacy page consents are withdrawn. */
export const WITHDRAW_CONSENT_PATH = '/my-account/privacy#consents';

/** Every form that takes personal data, each with its own notice. */
export const PRIVACY_NOTICE_FORMS = [
  'sign-up',
  'google-sign-up',
  'address',
  'checkout',
  'admission',
  'contact',
  'enquiry',
  'quote',
  'push',
  'updates',
] as const;
export type PrivacyNoticeForm = (typeof PRIVACY_NOTICE_FORMS)[number];

export const NOTICE_LANGUAGES = ['en', 'hi'] as const;
export type NoticeLanguage = (typeof NOTICE_LANGUAGES)[number];

/** One form's notice in one language: the data it takes and what for. */
export interface FormNoticeText {
  data: readonly string[];
  purposes: readonly string[];
}

/** What each form takes and why, in English and Hindi. */
export const PRIVACY_NOTICE_TEXTS: Record<
  PrivacyNoticeForm,
  Record<NoticeLanguage, FormNoticeText>
> = {
  'sign-up': {
    en: {
      data: ['Your name', 'Email', 'Mobile number', 'Password (kept only as a secure hash)'],
      purposes: [
        'To create your account and keep it secure',
        'To sign you in and send you sign-in codes',
        'To send you messages about your orders',
      ],
    },
    hi: {
      data: ['आपका नाम', 'ईमेल', 'मोबाइल नंबर', 'पासवर्ड (सिर्फ़ सुरक्षित हैश के रूप में रखा जाता है)'],
      purposes: [
        'आपका खाता बनाने और उसे सुरक्षित रखने के लिए',
        'आपको साइन इन कराने और साइन-इन कोड भेजने के लिए',
        'आपके ऑर्डर से जुड़े संदेश भेजने के लिए',
      ],
    },
  },
  'google-sign-up': {
    en: {
      data: [
        'The name, email and profile picture Google shares with us (never your Google password)',
      ],
      purposes: [
        'To create your account and sign you in with Google',
        'To send you messages about your orders',
      ],
    },
    hi: {
      data: ['Google द्वारा हमें दिया गया आपका नाम, ईमेल और प्रोफ़ाइल फ़ोटो (आपका Google पासवर्ड कभी नहीं)'],
      purposes: ['Google से आपका खाता बनाने और साइन इन कराने के लिए', 'आपके ऑर्डर से जुड़े संदेश भेजने के लिए'],
    },
  },
  address: {
    en: {
      data: [
        'Name',
        'Address, area, city and pincode',
        'The place you mark on the map',
        'Address type (home or work)',
      ],
      purposes: [
        'To deliver your orders',
        'To work out the delivery charge and time',
        'To offer this address again at your next order',
      ],
    },
    hi: {
      data: [
        'नाम',
        'पता, इलाका, शहर और पिनकोड',
        'नक्शे पर आपके द्वारा चुनी गई जगह',
        'पते का प्रकार (घर या ऑफ़िस)',
      ],
      purposes: [
        'आपका ऑर्डर पहुँचाने के लिए',
        'डिलीवरी शुल्क और समय तय करने के लिए',
        'अगले ऑर्डर पर यही पता फिर से दिखाने के लिए',
      ],
    },
  },
  checkout: {
    en: {
      data: [
        'Mobile number and email',
        'Delivery address',
        'GST number (if you give one)',
        'What you buy and how you pay (card and UPI details stay with the payment gateway)',
      ],
      purposes: [
        'To take, pack and deliver your order',
        'To send you updates about your order',
        'To issue your GST invoice, kept as long as tax law requires',
      ],
    },
    hi: {
      data: [
        'मोबाइल नंबर और ईमेल',
        'डिलीवरी का पता',
        'GST नंबर (अगर आप दें)',
        'आप क्या ख़रीदते हैं और कैसे भुगतान करते हैं (कार्ड और UPI की जानकारी सिर्फ़ पेमेंट गेटवे के पास रहती है)',
      ],
      purposes: [
        'आपका ऑर्डर लेने, पैक करने और पहुँचाने के लिए',
        'आपके ऑर्डर की जानकारी भेजने के लिए',
        'आपका GST बिल बनाने के लिए, जिसे टैक्स क़ानून के अनुसार रखा जाता है',
      ],
    },
  },
  admission: {
    en: {
      data: [
        "Student's name, date of birth, gender and school",
        "A parent's or guardian's name, relation and mobile (and a second one's, if you add them)",
        "For a student under 18, a parent's email, to ask for their consent",
        'Mobile number, email, address and pincode',
        'Aadhaar number, if given (kept sealed, shown masked)',
      ],
      purposes: [
        'To consider and confirm the admission',
        'To contact you about classes and fees',
        'To issue fee receipts',
      ],
    },
    hi: {
      data: [
        'विद्यार्थी का नाम, जन्मतिथि, लिंग और स्कूल',
        'माता-पिता या अभिभावक का नाम, रिश्ता और मोबाइल (दूसरे को जोड़ें तो उनका भी)',
        '18 साल से कम उम्र के विद्यार्थी के लिए, सहमति माँगने के लिए माता-पिता का ईमेल',
        'मोबाइल नंबर, ईमेल, पता और पिनकोड',
        'आधार नंबर, अगर दिया जाए (सील करके रखा जाता है, छिपाकर दिखाया जाता है)',
      ],
      purposes: [
        'दाख़िले पर विचार करने और उसे पक्का करने के लिए',
        'क्लास और फ़ीस के बारे में आपसे संपर्क करने के लिए',
        'फ़ीस की रसीद देने के लिए',
      ],
    },
  },
  contact: {
    en: {
      data: ['Name', 'Email', 'Phone'],
      purposes: ['To reply to your message'],
    },
    hi: {
      data: ['नाम', 'ईमेल', 'फ़ोन'],
      purposes: ['आपके संदेश का जवाब देने के लिए'],
    },
  },
  enquiry: {
    en: {
      data: ['Name', 'Email', 'Mobile', 'Your message'],
      purposes: ['To answer your enquiry and follow it up'],
    },
    hi: {
      data: ['नाम', 'ईमेल', 'मोबाइल', 'आपका संदेश'],
      purposes: ['आपकी पूछताछ का जवाब देने और आगे संपर्क करने के लिए'],
    },
  },
  quote: {
    en: {
      data: ['Full name', 'Email', 'Phone', 'What you need and the quantities'],
      purposes: ['To prepare and send your quote', 'To contact you about it'],
    },
    hi: {
      data: ['पूरा नाम', 'ईमेल', 'फ़ोन', 'आपको क्या चाहिए और कितनी मात्रा में'],
      purposes: ['आपका कोटेशन तैयार करके भेजने के लिए', 'उसके बारे में आपसे संपर्क करने के लिए'],
    },
  },
  push: {
    en: {
      data: ["This phone's notification address (a token)", 'Which orders it is for'],
      purposes: ['To tell you on this phone when your order moves'],
    },
    hi: {
      data: ['इस फ़ोन का नोटिफ़िकेशन पता (एक टोकन)', 'यह किन ऑर्डर के लिए है'],
      purposes: ['आपका ऑर्डर आगे बढ़ने पर इसी फ़ोन पर बताने के लिए'],
    },
  },
  updates: {
    en: {
      data: ['Email or mobile number', 'What you chose to hear about'],
      purposes: ['To send you the offers and updates you asked for, until you withdraw'],
    },
    hi: {
      data: ['ईमेल या मोबाइल नंबर', 'आपने किस बारे में जानकारी चुनी'],
      purposes: ['आपके द्वारा चुने गए ऑफ़र और अपडेट भेजने के लिए, जब तक आप सहमति वापस न लें'],
    },
  },
};

/** The words every notice shares, in each language (`{shop}` is the shop's name). */
export interface NoticeLabels {
  summary: string;
  heading: string;
  weTake: string;
  whatFor: string;
  keep: string;
  rights: string;
  withdraw: string;
  privacyPage: string;
  grievance: string;
  noGrievance: string;
  board: string;
  version: string;
  /** The button that switches to this language, in this language. */
  languageName: string;
}

export const PRIVACY_NOTICE_LABELS: Record<NoticeLanguage, NoticeLabels> = {
  en: {
    summary: 'How we use this',
    heading: '{shop} and your data',
    weTake: 'What we take',
    whatFor: 'What for',
    keep: 'We keep it only as long as this needs, or as the law requires, and never sell it.',
    rights:
      'You can see, correct or erase your data, and withdraw consent at any time, as easily as you gave it.',
    withdraw: 'Withdraw consent',
    privacyPage: 'Your privacy page',
    grievance: 'Grievance officer',
    noGrievance: 'Questions or complaints: write to the shop from its contact page.',
    board: 'Complain to the Data Protection Board',
    version: 'Notice version',
    languageName: 'English',
  },
  hi: {
    summary: 'हम इसका उपयोग कैसे करते हैं',
    heading: '{shop} और आपका डेटा',
    weTake: 'हम क्या लेते हैं',
    whatFor: 'किसलिए',
    keep: 'हम इसे सिर्फ़ उतने समय तक रखते हैं जितना इस काम के लिए या क़ानून के अनुसार ज़रूरी है, और इसे कभी बेचते नहीं।',
    rights:
      'आप अपना डेटा देख, सुधार या मिटवा सकते हैं, और अपनी सहमति कभी भी उतनी ही आसानी से वापस ले सकते हैं जितनी आसानी से दी थी।',
    withdraw: 'सहमति वापस लें',
    privacyPage: 'आपका प्राइवेसी पेज',
    grievance: 'शिकायत अधिकारी',
    noGrievance: 'सवाल या शिकायत के लिए: दुकान के संपर्क पेज से लिखें।',
    board: 'डेटा संरक्षण बोर्ड में शिकायत करें',
    version: 'सूचना संस्करण',
    languageName: 'हिन्दी',
  },
};

/** Whom shoppers write to with a complaint, as the owner set it (null: not named yet). */
export interface GrievanceContact {
  name: string;
  email: string;
  phone: string;
}

/** Everything a store's notice says: what its version is computed from and what a snapshot keeps. */
export interface PrivacyNoticeContent {
  revision: number;
  shopName: string;
  grievanceOfficer: GrievanceContact | null;
  boardUrl: string;
  texts: typeof PRIVACY_NOTICE_TEXTS;
  labels: typeof PRIVACY_NOTICE_LABELS;
}

/** A store's notice from its name and grievance contact (names trimmed). */
export function privacyNoticeContent(shop: {
  shopName: string;
  grievanceOfficer: GrievanceContact | null;
}): PrivacyNoticeContent {
  const g = shop.grievanceOfficer;
  return {
    revision: PRIVACY_NOTICE_REVISION,
    shopName: shop.shopName.trim(),
    grievanceOfficer: g
      ? { name: g.name.trim(), email: g.email.trim(), phone: g.phone.trim() }
      : null,
    boardUrl: DATA_PROTECTION_BOARD_URL,
    texts: PRIVACY_NOTICE_TEXTS,
    labels: PRIVACY_NOTICE_LABELS,
  };
}

/** JSON with object keys in order, so equal content reads the same whatever built it. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** FNV-1a (32 bits) of a string's UTF-16 code units, as 8 hex digits. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * The version of a notice: its template's revision and a short stable hash of all it says, e.g.
 * `1.3f9a0c2e`. Equal content gives the same version; any change of a word, the shop's name or
 * the grievance contact gives another.
 */
export function privacyNoticeVersion(content: PrivacyNoticeContent): string {
  return `${content.revision}.${fnv1a(canonicalJson(content))}`;
}
