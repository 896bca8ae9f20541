import { imageAtWidth } from '@shop/domain';
import { usePageMeta } from '../../lib/store-queries.ts';

/**
 * The shop's logo: the image the owner uploaded (its name as the alt text), else the name as a
 * word mark with the last word in the accent colour ("Urban Roll").
 */
export function ShopLogo() {
  const meta = usePageMeta().data;
  const name = meta?.store_name ?? '';
  // The link it sits in needs a name before the shop's is known.
  if (!name) return <span className="sr-only">Home</span>;
  if (meta?.store_logo) {
    return (
      <img
        src={imageAtWidth(meta.store_logo, 320)}
        alt={name}
        className="h-9 w-auto max-w-40 object-contain"
      />
    );
  }
  const cut = name.lastIndexOf(' ');
  if (cut <= 0) return <>{name}</>;
  // One inline box: as flex items of the link the words would lose the space between them.
  return (
    <span>
      {name.slice(0, cut)} <span className="text-orange-400">{name.slice(cut + 1)}</span>
    </span>
  );
}
