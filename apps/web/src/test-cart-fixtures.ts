import type { CartLine } from '@shop/contracts';

/** A cart line for unit tests. */
export function testLine(sku: string, over: Partial<CartLine> = {}): CartLine {
  return {
    product_id: '00000000-0000-4000-8000-000000000001',
    product_sku: sku,
    product_name: `Tee ${sku}`,
    product_price: 799,
    product_saleprice: 649,
    product_stockstatus: 'In Stock',
    product_status: 'Active',
    product_image: '/api/uploads/tee.svg',
    product_gallery: [],
    description: '',
    short_description: '',
    category: 't-shirts',
    product_type: 'Simple',
    variation_attributes: {},
    typeofsimple: '',
    user_id: '',
    user_name: '',
    delivery_days: 4,
    main_id: 'urbanroll',
    quantity: 1,
    stock: 5,
    course: false,
    ...over,
  };
}
