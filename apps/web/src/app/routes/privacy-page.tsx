import { Link } from 'react-router';
import { ConsentList } from '../../features/privacy/components/consent-list.tsx';
import { CorrectMyDetails } from '../../features/privacy/correct-my-details.tsx';
import { DownloadMyData } from '../../features/privacy/download-my-data.tsx';
import { EraseMyData } from '../../features/privacy/erase-my-data.tsx';
import { usePageTitle } from '../../lib/use-document-meta.ts';
import { useUser } from '../../lib/use-session.ts';

/**
 * /my-account/privacy (login required): the shopper's privacy page (DPDP Act 2023, issue 61).
 * Each right is its own section, one line each in the list below, in the order shown.
 */
export function Component() {
  usePageTitle('Privacy');
  const user = useUser();
  if (!user) return null;
  return (
    <section
      className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10"
      aria-labelledby="privacy-heading"
    >
      <Link
        to="/my-account"
        className="inline-flex min-h-tap items-center text-sm font-semibold underline"
      >
        ← My account
      </Link>
      <h1 id="privacy-heading" className="mt-2 text-2xl font-bold text-slate-900">
        Privacy
      </h1>
      <p className="mt-1 text-slate-800">
        Your data and your choices about it. Changes take effect at once.
      </p>
      <div className="mt-6 flex flex-col gap-10">
        <ConsentList userId={user.user_id} />
        <CorrectMyDetails userId={user.user_id} />
        <DownloadMyData />
        <EraseMyData userId={user.user_id} />
      </div>
    </section>
  );
}
