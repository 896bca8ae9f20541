import type { ProductCreate } from '@shop/contracts';

let skuCounter = 0;
/** A fresh sku, unique across tests. */
export const sku = (p = 'SK') =>
  `${p}-${Date.now().toString(36)}-${String(skuCounter++)}`.toUpperCase();

/** A Simple product with every field set, for POST /api/admin/products. */
export const simpleBody = (over: Partial<ProductCreate> = {}): ProductCreate => ({
  title: 'Quad skates, teal',
  sku: sku(),
  category: 'Skates',
  categorytype: ['Best Sellers'],
  description: 'Long text',
  short_description: 'Short text',
  originalPrice: 4999,
  discountPrice: 3999.5,
  stock: 12,
  key_features: ['ABEC-7 bearings'],
  specifications: [{ label: 'Wheels', value: '58 mm' }],
  delivery_days: 4,
  hsn_code: '9506',
  gst_rate: 5,
  image: '/uploads/quad.webp',
  gallery: ['/uploads/quad-2.webp'],
  ...over,
});
