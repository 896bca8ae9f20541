import { useState } from 'react';
import { IMAGE_SIZES, imageSrcSet } from '@shop/domain';

interface ProductImageProps {
  src: string;
  alt: string;
  className?: string;
  eager?: boolean;
  /** The page's largest image: fetched before other images (`fetchpriority="high"`). */
  highPriority?: boolean;
  /**
   * How wide the image shows (`sizes`), for an uploaded photo's WebP renditions (decision 0021);
   * a plain URL (seeded artwork) has none and is shown as it is.
   */
  sizes?: string;
}

/**
 * A square product image, with `srcset`/`sizes` when it is an upload's renditions; a grey
 * skeleton of height 250 stands in when it fails to load.
 */
export function ProductImage({
  src,
  alt,
  className = '',
  eager = false,
  highPriority = false,
  sizes = IMAGE_SIZES.card,
}: ProductImageProps) {
  const [failed, setFailed] = useState(!src);
  if (failed) {
    return (
      <div
        role="img"
        aria-label={alt}
        data-testid="image-skeleton"
        className={`h-[250px] w-full animate-pulse bg-slate-200 ${className}`}
      />
    );
  }
  const srcSet = imageSrcSet(src);
  return (
    <img
      src={src}
      {...(srcSet && { srcSet, sizes })}
      alt={alt}
      width={600}
      height={600}
      loading={eager || highPriority ? 'eager' : 'lazy'}
      {...(highPriority && { fetchPriority: 'high' as const })}
      decoding="async"
      onError={() => setFailed(true)}
      className={`aspect-square w-full bg-slate-100 object-cover ${className}`}
    />
  );
}
