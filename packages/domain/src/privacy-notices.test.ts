import { describe, expect, it } from 'vitest';
import {
  NOTICE_LANGUAGES,
  PRIVACY_NOTICE_FORMS,
  PRIVACY_NOTICE_LABELS,
  PRIVACY_NOTICE_REVISION,
  PRIVACY_NOTICE_TEXTS,
  privacyNoticeContent,
  privacyNoticeVersion,
} from './privacy-notices.ts';

const asha = { name: 'Asha Rao', email: 'grievance@urbanroll.example', phone: '9820033333' };
const notice = (shopName = 'Urban Roll', grievanceOfficer: typeof asha | null = asha) =>
  privacyNoticeContent({ shopName, grievanceOfficer });

describe('privacyNoticeVersion', () => {
  it('is the revision and an 8-digit hash, the same for the same content', () => {
    const v = privacyNoticeVersion(notice());
    expect(v).toMatch(new RegExp(`^${PRIVACY_NOTICE_REVISION}\\.[0-9a-f]{8}$`));
    expect(privacyNoticeVersion(notice())).toBe(v);
    // Names are trimmed: a stray space is not a new notice.
    expect(privacyNoticeVersion(notice(' Urban Roll ', { ...asha, name: ' Asha Rao' }))).toBe(v);
  });

  it('does not depend on the order of the keys', () => {
    const c = notice();
    const reordered = {
      labels: c.labels,
      texts: c.texts,
      grievanceOfficer: { phone: asha.phone, email: asha.email, name: asha.name },
      boardUrl: c.boardUrl,
      shopName: c.shopName,
      revision: c.revision,
    };
    expect(privacyNoticeVersion(reordered)).toBe(privacyNoticeVersion(c));
  });

  it('changes with the grievance contact, the shop name, the texts and the revision', () => {
    const v = privacyNoticeVersion(notice());
    const others = [
      notice('Urban Roll Kids'),
      notice(undefined, { ...asha, phone: '9820044444' }),
      notice(undefined, { ...asha, email: 'dpo@urbanroll.example' }),
      notice(undefined, { ...asha, name: 'Ravi Rao' }),
      notice(undefined, null),
      { ...notice(), revision: PRIVACY_NOTICE_REVISION + 1 },
      {
        ...notice(),
        texts: {
          ...PRIVACY_NOTICE_TEXTS,
          contact: { ...PRIVACY_NOTICE_TEXTS.contact, en: { data: ['Name'], purposes: ['x'] } },
        },
      },
    ].map(privacyNoticeVersion);
    for (const o of others) expect(o).not.toBe(v);
    expect(new Set(others).size).toBe(others.length);
  });
});

describe('the notice texts', () => {
  it('name data and purposes for every form in English and Hindi', () => {
    for (const form of PRIVACY_NOTICE_FORMS) {
      for (const lang of NOTICE_LANGUAGES) {
        const t = PRIVACY_NOTICE_TEXTS[form][lang];
        expect(t.data.length, `${form} ${lang}`).toBeGreaterThan(0);
        expect(t.purposes.length, `${form} ${lang}`).toBeGreaterThan(0);
      }
      // Hindi is written in Devanagari, item for item with the English.
      const { en, hi } = PRIVACY_NOTICE_TEXTS[form];
      expect(hi.data.length).toBe(en.data.length);
      expect(hi.purposes.length).toBe(en.purposes.length);
      for (const line of [...hi.data, ...hi.purposes]) expect(line).toMatch(/[\u0900-\u097F]/);
    }
  });

  it('has every label in both languages', () => {
    expect(Object.keys(PRIVACY_NOTICE_LABELS.hi).sort()).toEqual(
      Object.keys(PRIVACY_NOTICE_LABELS.en).sort(),
    );
    expect(PRIVACY_NOTICE_LABELS.hi.languageName).toBe('हिन्दी');
    expect(PRIVACY_NOTICE_LABELS.en.languageName).toBe('English');
  });
});
