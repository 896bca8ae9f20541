import { CategoriesRow } from '../../features/catalogue/home/categories-row.tsx';
import { HeroSlider } from '../../features/catalogue/home/hero-slider.tsx';
import { NewArrivals } from '../../features/catalogue/home/new-arrivals.tsx';
import { OffersRow } from '../../features/catalogue/home/offers-row.tsx';
import { PopularProducts } from '../../features/catalogue/home/popular-products.tsx';
import { useCardModals } from '../../features/catalogue/components/card-actions.tsx';
import { useCartMode, usePageMeta } from '../../lib/store-queries.ts';
import { useDocumentMeta } from '../../lib/use-document-meta.ts';

export function Component() {
  const mode = useCartMode();
  const { actions, modals } = useCardModals(mode);
  const { data: meta } = usePageMeta();
  useDocumentMeta(meta?.title);
  return (
    <>
      <h1 className="sr-only">{meta?.title ?? meta?.store_name}</h1>
      {/* Short on a phone, so the first row of products is in the first screen (issue 59). */}
      <HeroSlider />
      <NewArrivals mode={mode} actions={actions} />
      {/* Categories near the top, within a phone's first screens of scrolling. */}
      <CategoriesRow />
      <PopularProducts mode={mode} actions={actions} />
      <OffersRow />
      {/* The about block, once the shop has written something about itself. */}
      {meta?.description?.trim() && (
        <section className="mx-auto max-w-6xl px-4 py-6" aria-labelledby="about-heading">
          <h2 id="about-heading" className="text-xl font-bold">
            About {meta.store_name}
          </h2>
          <p className="mt-2 max-w-3xl text-slate-700">{meta.description}</p>
        </section>
      )}
      {modals}
    </>
  );
}
