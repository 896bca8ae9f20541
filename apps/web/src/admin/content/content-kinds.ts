import { categoryKeyProblem, keyFromName } from '@shop/domain';

/** The ordered lists of the content area: their API path, labels and form fields. */
export type ContentKind = 'categories' | 'new-arrivals' | 'sliders' | 'offers' | 'marquees';

export interface FieldSpec {
  name: string;
  label: string;
  /** `image`: uploaded through the media route (ImageUploadField), stored as its URL. */
  /** `products`: chosen with the product finder, sent as their ids in order. */
  type: 'text' | 'textarea' | 'url' | 'image' | 'price' | 'status' | 'products';
  required?: boolean;
  hint?: string;
  /**
   * A box filled from another as it is typed (a new item only, until this box is edited): the
   * category's key from its name. `problem` is checked as it is typed and shown beside it.
   */
  derive?: {
    from: string;
    make: (text: string) => string;
    problem: (text: string) => string | null;
  };
}

export interface KindSpec {
  kind: ContentKind;
  title: string;
  one: string;
  blurb: string;
  /** The text that names an item in the list. */
  label: (item: Record<string, unknown>) => string;
  fields: FieldSpec[];
}

export const KINDS: KindSpec[] = [
  {
    kind: 'categories',
    title: 'Categories',
    one: 'category',
    blurb:
      'What you sell, in groups: the category strip of the home page and the shop menu. Each product is in one.',
    label: (c) =>
      `${String(c.name)} (${String(c.category)})${c.status === 'Inactive' ? ' · hidden' : ''}`,
    fields: [
      { name: 'name', label: 'Name', type: 'text', required: true },
      {
        name: 'category',
        label: 'Key',
        type: 'text',
        required: true,
        hint: 'The key is made from the name (lower-case, hyphens) and is the category’s web address; change it only if you want another address.',
        derive: { from: 'name', make: keyFromName, problem: categoryKeyProblem },
      },
      { name: 'icon', label: 'Icon', type: 'image' },
      { name: 'status', label: 'Status', type: 'status' },
    ],
  },
  {
    kind: 'new-arrivals',
    title: 'New arrivals',
    one: 'group',
    blurb: 'The new-arrival groups of the home page and their products.',
    label: (g) => `${String(g.name)} (${String((g.products as unknown[]).length)} products)`,
    fields: [
      { name: 'name', label: 'Group name', type: 'text', required: true },
      { name: 'description', label: 'Description', type: 'textarea' },
      { name: 'product_ids', label: 'Products, in order', type: 'products' },
    ],
  },
  {
    kind: 'sliders',
    title: 'Sliders',
    one: 'slide',
    blurb: 'The hero slider of the home page.',
    label: (s) => String(s.slider_name),
    fields: [
      { name: 'slider_name', label: 'Heading', type: 'text', required: true },
      { name: 'offer_name', label: 'Offer line', type: 'text' },
      { name: 'description', label: 'Description', type: 'textarea' },
      { name: 'image', label: 'Image', type: 'image' },
      { name: 'background_image', label: 'Background image', type: 'image' },
      { name: 'price', label: 'Price (₹)', type: 'price' },
      { name: 'cutOffPrice', label: 'Struck-through price (₹, 0 for none)', type: 'price' },
    ],
  },
  {
    kind: 'offers',
    title: 'Offers',
    one: 'offer',
    blurb: 'The offer cards of the home page.',
    label: (o) => String(o.title),
    fields: [
      { name: 'title', label: 'Title', type: 'text', required: true },
      { name: 'description', label: 'Description', type: 'textarea' },
      { name: 'image', label: 'Image', type: 'image' },
      { name: 'link', label: 'Claim Your Offer link (empty for none)', type: 'url' },
    ],
  },
  {
    kind: 'marquees',
    title: 'Marquee texts',
    one: 'text',
    blurb: 'The running line at the top of every page.',
    label: (m) => String(m.heading),
    fields: [{ name: 'heading', label: 'Text', type: 'text', required: true }],
  },
];

export const kindSpec = (kind: string) => KINDS.find((k) => k.kind === kind);
