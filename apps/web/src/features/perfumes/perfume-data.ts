/** The demo perfume catalogue: static data, no API. Prices in paise. */
export interface Perfume {
  id: string;
  title: string;
  category: 'Floral' | 'Woody' | 'Citrus' | 'Oriental';
  originalPricePaise: number;
  discountPricePaise: number;
  totalSold: number;
  createdAt: string;
  color: string;
}

const names = [
  ['Monsoon Jasmine', 'Floral', '#db2777'],
  ['Sandalwood Dusk', 'Woody', '#92400e'],
  ['Nimbu Splash', 'Citrus', '#ca8a04'],
  ['Saffron Nights', 'Oriental', '#b91c1c'],
  ['Rose of Kannauj', 'Floral', '#be123c'],
  ['Vetiver Rain', 'Woody', '#3f6212'],
  ['Marine Drive Breeze', 'Citrus', '#0369a1'],
  ['Oud Royale', 'Oriental', '#581c87'],
  ['Mogra Bloom', 'Floral', '#9d174d'],
  ['Cedar Trail', 'Woody', '#78350f'],
  ['Bergamot Sun', 'Citrus', '#a16207'],
  ['Amber Bazaar', 'Oriental', '#9a3412'],
  ['Tuberose Silk', 'Floral', '#a21caf'],
  ['Teak & Smoke', 'Woody', '#44403c'],
  ['Orange Grove', 'Citrus', '#c2410c'],
  ['Cardamom Musk', 'Oriental', '#4d7c0f'],
] as const;

export const PERFUMES: readonly Perfume[] = names.map(([title, category, color], i) => {
  const original = 99_900 + ((i * 37_300) % 500_000);
  return {
    id: `perfume-${i + 1}`,
    title,
    category,
    originalPricePaise: original,
    discountPricePaise: i % 3 === 0 ? Math.round(original * 0.85) : 0,
    totalSold: (i * 53) % 400,
    createdAt: new Date(Date.UTC(2026, 9, 1 + i * 3)).toISOString(),
    color,
  };
});

export const PERFUME_CATEGORIES = ['Floral', 'Woody', 'Citrus', 'Oriental'] as const;

/** The price filter's ranges, in rupees as the spec gives them. */
export const PRICE_RANGES = [
  { label: '₹0 – ₹2,000', min: 0, max: 200_000 },
  { label: '₹2,000 – ₹4,000', min: 200_000, max: 400_000 },
  { label: '₹4,000 – ₹6,000', min: 400_000, max: 600_000 },
] as const;

export const PERFUMES_FIRST_PAGE = 8;
export const PERFUMES_PER_LOAD = 4;
export const LOAD_MORE_DELAY_MS = 1000;
