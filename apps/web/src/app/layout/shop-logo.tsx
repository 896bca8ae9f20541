import { useShopName } from '../../lib/store-queries.ts';

/** The shop's name as its word mark: the last word in the accent colour ("Urban Roll"). */
export function ShopLogo() {
  const name = useShopName();
  // The link it sits in needs a name before the shop's is known.
  if (!name) return <span className="sr-only">Home</span>;
  const cut = name.lastIndexOf(' ');
  if (cut <= 0) return <>{name}</>;
  return (
    <>
      {name.slice(0, cut)}
      <span className="text-orange-400">{name.slice(cut)}</span>
    </>
  );
}
