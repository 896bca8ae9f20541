import { gstRatePercent, type GstRateRule } from './gst-rate.ts';

/**
 * The GST rate the admin suggests for a product, from its category and price. The owner can
 * always type another rate; nothing is charged from a guess without the owner seeing it.
 *
 * Clothing and footwear: 5 % for a piece sold at up to ₹2,500, 18 % above (GST Council, 56th
 * meeting, September 2025; rates in force from 22 September 2025; before that the threshold
 * was ₹1,000, at 5 % / 12 %).
 */
export const CLOTHING_GST_RULE: GstRateRule = {
  ratePercent: 5,
  above: { unitPricePaise: 250_000, ratePercent: 18 },
};

/** Where the clothing rule comes from, in the words the admin shows beside the rate. */
export const CLOTHING_GST_NOTE =
  'GST on clothing and footwear: 5% up to ₹2,500 a piece, 18% above (GST rates from 22 Sep 2025).';

/** The general GST rate, suggested when nothing says the product is clothing or footwear. */
export const STANDARD_GST_PERCENT = 18;

const CLOTHING_WORDS = [
  'apparel',
  'clothing',
  'clothes',
  'garment',
  'wear',
  'kurti',
  'kurta',
  'kurtis',
  'kurtas',
  'saree',
  'sari',
  'lehenga',
  'salwar',
  'dupatta',
  'dress',
  'gown',
  'shirt',
  'tshirt',
  'tee',
  'top',
  'tops',
  'blouse',
  'jeans',
  'trouser',
  'pant',
  'pants',
  'shorts',
  'skirt',
  'legging',
  'leggings',
  'jacket',
  'hoodie',
  'sweater',
  'sweatshirt',
  'uniform',
  'jersey',
  'jerseys',
  'nightwear',
  'innerwear',
  'lingerie',
  'socks',
  'ethnic',
  'dhoti',
  'sherwani',
  'tunic',
  'footwear',
  'shoe',
  'shoes',
  'sandal',
  'sandals',
  'chappal',
  'chappals',
  'slipper',
  'slippers',
  'sneaker',
  'sneakers',
  'boot',
  'boots',
  'heels',
  'juttis',
  'mojari',
];

/** Whether a category's name or key reads as clothing or footwear ("Cotton Kurtis", "t-shirts"). */
export function isClothingOrFootwear(text: string): boolean {
  const words = text
    .toLowerCase()
    .replace(/t-shirt/g, 'tshirt')
    .split(/[^a-z]+/)
    .filter(Boolean);
  return words.some(
    (w) =>
      CLOTHING_WORDS.includes(w) || CLOTHING_WORDS.includes(w.replace(/s$/, '')) || /wear$/.test(w),
  );
}

export interface GstSuggestion {
  ratePercent: number;
  /** Why, in plain words, for the help text beside the rate. */
  reason: string;
}

/**
 * The suggested GST rate of a piece at `unitSalePricePaise` (the price the shopper pays for one,
 * GST included) in a category named `category` (its name, key, or both): the clothing and
 * footwear slab when the category reads as such, else the standard 18 %.
 */
export function suggestedGstRate(category: string, unitSalePricePaise: number): GstSuggestion {
  if (isClothingOrFootwear(category)) {
    return {
      ratePercent: gstRatePercent(CLOTHING_GST_RULE, unitSalePricePaise),
      reason: CLOTHING_GST_NOTE,
    };
  }
  return {
    ratePercent: STANDARD_GST_PERCENT,
    reason: 'Most other goods pay 18% GST; check the rate of your goods if unsure.',
  };
}
