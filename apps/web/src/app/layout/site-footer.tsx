import { Link } from 'react-router';
import { useShopName } from '../../lib/store-queries.ts';
import { ShopLogo } from './shop-logo.tsx';

const LINKS = [
  ['/about', 'About us'],
  ['/centers', 'Our centres'],
  ['/course', 'Courses'],
  ['/contact', 'Contact'],
  ['/enquiry-form', 'Enquiry'],
  ['/privacy-policy', 'Privacy policy'],
  ['/refund-policy', 'Refund policy'],
  ['/terms-and-conditions', 'Terms and conditions'],
  ['/shipping-and-delivery', 'Shipping and delivery'],
  ['/rules-and-regulations', 'Rules and regulations'],
] as const;

export function SiteFooter() {
  const shop = useShopName();
  return (
    <footer className="mt-10 bg-slate-900 pb-20 text-slate-200 sm:pb-0">
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8 sm:grid-cols-2">
        <div>
          <p className="text-lg font-extrabold text-white">
            <ShopLogo />
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-2 text-sm">
            {LINKS.map(([to, label]) => (
              <li key={to}>
                <Link to={to} className="hover:underline">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs">
        © {new Date().getFullYear()} {shop}
      </p>
    </footer>
  );
}
