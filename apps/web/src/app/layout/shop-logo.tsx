import { imageAtWidth } from '@shop/domain';
import { usePageMeta } from '../../lib/store-queries.ts';

/**
 * The shop's logo: the image the owner uploaded (its name as the alt text), else the name as a
 * word mark with the last word in the accent colour ("Urban Roll"). Either fits the width it is
 * given: a long name ends in an ellipsis (the header keeps one row at 360 px).
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
        className="h-9 w-auto max-w-full min-w-0 object-contain sm:max-w-40"
      />
    );
  }
  const cut = name.lastIndexOf(' ');
  // A block box: overflow (the ellipsis) does not apply to an inline one, which would widen the
  // page where the logo is not a flex item (the footer).
  const fit = 'block min-w-0 truncate';
  if (cut <= 0) return <span className={fit}>{name}</span>;
  // One inline box: as flex items of the link the words would lose the space between them.
  return (
    <span className={fit}>
      {name.slice(0, cut)} <span className="text-orange-400">{name.slice(cut + 1)}</span>
    </span>
  );
}
