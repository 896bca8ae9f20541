import type { AccountUser, Product } from '@shop/contracts';

/** A signed-in user for unit tests. */
export const testUser: AccountUser = {
  user_id: 'u1',
  id: 'u1',
  full_name: 'Asha Rao',
  name: 'Asha Rao',
  email: 'asha@example.com',
  mobile: '9876543210',
  user_gstNo: '',
};

/** A simple product of the shop's catalogue as GET /api/product answers it, for unit tests. */
export function testProduct(over: Partial<Product> = {}): Product {
  return {
    product_id: '00000000-0000-4000-8000-000000000001',
    title: 'Classic Logo Tee',
    sku: 'TEE-1',
    image: '/api/uploads/tee.svg',
    gallery: [],
    description: '',
    short_description: 'A cotton tee.',
    product_type: 'Simple',
    status: 'Active',
    category: 't-shirts',
    categorytype: [],
    createdAt: '2026-11-01T00:00:00.000Z',
    originalPrice: 799,
    discountPrice: 649,
    stock: 5,
    totalStock: 5,
    totalSold: 0,
    key_features: [],
    specifications: [],
    attribute: [],
    downloadable_files: [],
    delivery_days: 4,
    variation: [],
    grouped_product: [],
    reviews: [],
    ...over,
  };
}
