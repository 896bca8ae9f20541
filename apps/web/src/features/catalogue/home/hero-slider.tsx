import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { productPath, rupeesToPaise } from '@shop/domain';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Price } from '../../../components/ui/price.tsx';
import { useSliders } from '../api/catalogue-queries.ts';

export const SLIDE_INTERVAL_MS = 5000;
/**
 * The slider keeps one height while it loads and between slides, so the page below never jumps.
 * On a phone it is short (issue 59 item 6: products in the first screen): the 12:5 image the
 * width of the screen less its margins, with the dots on it, and one row under it of the offer,
 * the slide's name, the price and View Product (6.5rem with the padding).
 */
const HERO_HEIGHT = 'min-h-[calc((100vw-2rem)*5/12+6.5rem)] sm:min-h-[420px]';
/** The dots sit on the image's bottom edge on a phone (the image's top is 0.75rem down). */
const DOTS_ON_IMAGE = 'absolute inset-x-0 top-[calc(0.75rem+(100vw-2rem)*5/12-2.75rem)]';

/** The hero slider: advances every 5 s; dots pick a slide. */
export function HeroSlider() {
  const { data: slides, isError } = useSliders();
  const [index, setIndex] = useState(0);
  /** Bumped when the shopper picks a slide, so it gets its full 5 s. */
  const [picked, setPicked] = useState(0);
  const count = slides?.length ?? 0;

  useEffect(() => {
    if (isError) toast.error('Failed to load slider data');
  }, [isError]);

  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), SLIDE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [count, index, picked]);

  const slide = slides?.[index % Math.max(count, 1)];
  // A shop without slides (or whose slides failed to load) shows no hero, not an empty block.
  if (!slide && (slides || isError)) return null;
  if (!slide) return <div aria-hidden="true" className={`${HERO_HEIGHT} w-full bg-slate-900`} />;

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured offers"
      className={`relative bg-slate-900 text-white ${HERO_HEIGHT}`}
    >
      <div
        className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-2 px-4 py-3 sm:grid-cols-2 sm:gap-4 sm:py-10"
        role="group"
        aria-live="polite"
        aria-roledescription="slide"
        aria-label={`${index + 1} of ${count}`}
      >
        <div className="order-2 flex items-center gap-3 sm:order-1 sm:flex-col sm:items-start sm:gap-2">
          <div className="flex min-w-0 flex-1 flex-col sm:flex-none sm:gap-2">
            <p className="truncate text-xs leading-4 font-semibold tracking-wide text-orange-300 uppercase sm:text-sm">
              {slide.offer_name}
            </p>
            <h2 className="truncate text-base leading-6 font-extrabold sm:text-4xl sm:leading-tight sm:whitespace-normal">
              {slide.slider_name}
            </h2>
            <p className="hidden text-slate-200 sm:block">{slide.description}</p>
            <div className="text-white sm:[&>p>span:first-child]:text-2xl [&_s]:text-slate-300">
              <Price
                pricePaise={rupeesToPaise(slide.price)}
                originalPaise={
                  slide.cutOffPrice > slide.price ? rupeesToPaise(slide.cutOffPrice) : null
                }
              />
            </div>
          </div>
          {slide.product && (
            <Link
              to={productPath(slide.product.title, slide.product.product_id)}
              className={buttonClass('primary', 'w-fit shrink-0 sm:px-5')}
            >
              View Product
            </Link>
          )}
        </div>
        <img
          src={slide.image}
          alt={slide.slider_name}
          width={1200}
          height={500}
          fetchPriority="high"
          className="order-1 aspect-[12/5] w-full rounded-2xl object-cover sm:order-2"
        />
      </div>
      <div className={`flex justify-center gap-1 sm:static sm:pb-4 ${DOTS_ON_IMAGE}`}>
        {slides?.map((s, i) => (
          <button
            key={`${s.slider_name}-${i}`}
            type="button"
            aria-label={`Show slide ${i + 1}: ${s.slider_name}`}
            aria-current={i === index}
            onClick={() => {
              setIndex(i);
              setPicked((n) => n + 1);
            }}
            className="flex size-tap items-center justify-center"
          >
            <span
              className={`block size-2.5 rounded-full ring-1 ring-slate-900/50 ${i === index ? 'bg-orange-400' : 'bg-white/80 sm:bg-slate-400'}`}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
