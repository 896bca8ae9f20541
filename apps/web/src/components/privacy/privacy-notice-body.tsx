import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { PrivacyNoticeResponse } from '@shop/contracts';
import {
  DATA_PROTECTION_BOARD_URL,
  PRIVACY_NOTICE_LABELS,
  PRIVACY_NOTICE_TEXTS,
  PRIVACY_PAGE_PATH,
  WITHDRAW_CONSENT_PATH,
  type NoticeLanguage,
  type PrivacyNoticeForm,
} from '@shop/domain';
import { getJson, STORE_ID } from '../../lib/api-client.ts';

const LANGUAGE_KEY = 'privacy-notice-language';

/** The language the shopper last chose for notices (English until they choose). */
function savedLanguage(): NoticeLanguage {
  try {
    return localStorage.getItem(LANGUAGE_KEY) === 'hi' ? 'hi' : 'en';
  } catch {
    return 'en';
  }
}

/** The store's notice as the API has it: its version, name and grievance officer. */
export const privacyNoticeQueryKey = ['privacy-notice', STORE_ID] as const;
const useNotice = () =>
  useQuery({
    queryKey: privacyNoticeQueryKey,
    queryFn: ({ signal }) =>
      getJson<PrivacyNoticeResponse>(
        `/privacy/notice?store_id=${encodeURIComponent(STORE_ID)}`,
        signal,
      ),
    staleTime: 5 * 60_000,
  });

const linkClass =
  'inline-flex min-h-tap items-center font-semibold text-orange-800 underline underline-offset-2 hover:text-orange-900';

/** A titled list of the notice (what is taken, what for). */
function Listed({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <div>
      <p className="font-semibold">{title}</p>
      <ul className="list-disc pl-5">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/** What one form takes and what for, in the chosen language, with rights, links and contacts. */
export default function PrivacyNoticeBody({ form }: { form: PrivacyNoticeForm }) {
  const [lang, setLang] = useState<NoticeLanguage>(savedLanguage);
  const { data: notice } = useNotice();
  const text = PRIVACY_NOTICE_TEXTS[form][lang];
  const l = PRIVACY_NOTICE_LABELS[lang];
  const choose = (next: NoticeLanguage) => {
    setLang(next);
    try {
      localStorage.setItem(LANGUAGE_KEY, next);
    } catch {
      // A browser that keeps nothing shows English next time.
    }
  };
  const officer = notice?.grievance_officer;
  const shop = notice?.shop_name ?? '';

  return (
    <div lang={lang} className="space-y-2 px-3 pb-3 leading-relaxed">
      <div role="group" aria-label="Language / भाषा" className="flex gap-2">
        {(['en', 'hi'] as const).map((option) => (
          <button
            key={option}
            type="button"
            lang={option}
            aria-pressed={lang === option}
            onClick={() => choose(option)}
            className="min-h-tap min-w-tap rounded-lg px-3 text-sm font-semibold ring-1 ring-slate-300 aria-pressed:bg-slate-800 aria-pressed:text-white aria-pressed:ring-slate-800"
          >
            {PRIVACY_NOTICE_LABELS[option].languageName}
          </button>
        ))}
      </div>
      {shop && <p className="font-semibold">{l.heading.replace('{shop}', shop)}</p>}
      <Listed title={l.weTake} items={text.data} />
      <Listed title={l.whatFor} items={text.purposes} />
      <p>{l.keep}</p>
      <p>{l.rights}</p>
      <ul className="flex flex-col">
        <li>
          <Link to={WITHDRAW_CONSENT_PATH} className={linkClass}>
            {l.withdraw}
          </Link>
        </li>
        <li>
          <Link to={PRIVACY_PAGE_PATH} className={linkClass}>
            {l.privacyPage}
          </Link>
        </li>
        <li>
          <a
            href={notice?.board_url ?? DATA_PROTECTION_BOARD_URL}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClass}
          >
            {l.board}
          </a>
        </li>
      </ul>
      {officer ? (
        <p>
          <span className="font-semibold">{l.grievance}:</span> {officer.name}
          <br />
          <a href={`mailto:${officer.email}`} className={`${linkClass} break-all`}>
            {officer.email}
          </a>
          {officer.phone && (
            <>
              {' · '}
              <a href={`tel:+91${officer.phone}`} className={linkClass}>
                {officer.phone}
              </a>
            </>
          )}
        </p>
      ) : (
        notice && <p>{l.noGrievance}</p>
      )}
      {notice && (
        <p className="text-xs text-slate-600">
          {l.version} {notice.version}
        </p>
      )}
    </div>
  );
}
