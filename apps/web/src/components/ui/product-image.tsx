import { useState } from 'react';

interface ProductImageProps {
  src: string;
  alt: string;
  className?: string;
  eager?: boolean;
}

/** A square product image; a grey skeleton of height 250 stands in when it fails to load. */
export function ProductImage({ src, alt, className = '', eager = false }: ProductImageProps) {
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
  return (
    <img
      src={src}
      alt={alt}
      width={600}
      height={600}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
      className={`aspect-square w-full bg-slate-100 object-cover ${className}`}
    />
  );
}
