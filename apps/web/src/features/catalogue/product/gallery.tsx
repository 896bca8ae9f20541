import { useRef, useState } from 'react';
import { IMAGE_SIZES, imageAtWidth } from '@shop/domain';
import { ProductImage } from '../../../components/ui/product-image.tsx';

export const SWIPE_THRESHOLD_PX = 50;

/** Main image with thumbnails; a horizontal swipe of more than 50 px changes the image. */
export function Gallery({ images, title }: { images: string[]; title: string }) {
  const [index, setIndex] = useState(0);
  const startX = useRef<number | null>(null);
  const count = images.length;
  const current = images[index] ?? images[0] ?? '';
  const move = (delta: number) => count > 0 && setIndex((i) => (i + delta + count) % count);

  return (
    <div className="flex flex-col gap-3">
      <div
        className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200"
        data-testid="gallery-main"
        onTouchStart={(e) => {
          startX.current = e.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(e) => {
          const end = e.changedTouches[0]?.clientX;
          if (startX.current === null || end === undefined) return;
          const dx = end - startX.current;
          if (Math.abs(dx) > SWIPE_THRESHOLD_PX) move(dx < 0 ? 1 : -1);
          startX.current = null;
        }}
      >
        <ProductImage
          key={current}
          src={current}
          alt={`${title}, image ${index + 1} of ${count}`}
          sizes={IMAGE_SIZES.gallery}
          eager
        />
      </div>
      {count > 1 && (
        <ul className="flex gap-2 overflow-x-auto" aria-label="Product images">
          {images.map((src, i) => (
            <li key={`${src}-${i}`}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show image ${i + 1}`}
                aria-current={i === index}
                className={`block size-16 overflow-hidden rounded-lg ring-2 ${i === index ? 'ring-orange-700' : 'ring-transparent'}`}
              >
                <img
                  src={imageAtWidth(src, 128)}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  className="size-16 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
