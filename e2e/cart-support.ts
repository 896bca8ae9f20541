import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { productPath } from '@shop/domain';

/** The fields of a product the cart tests read. */
export interface ShopProduct {
  product_id: string;
  title: string;
  sku: string;
  image: string;
  product_type: string;
  originalPrice: number;
  discountPrice: number;
  totalStock: number;
  delivery_days: number;
  variation: { sku: string; price: number; salePrice: number; stock: number }[];
}

/** One product of `store`, found by its exact title through the listing API. */
export async function productTitled(
  request: APIRequestContext,
  store: string,
  title: string,
): Promise<ShopProduct> {
  const q = new URLSearchParams({ search: title, limit: '10', courses: 'include' });
  const res = await request.get(`/api/grouped-product/search-all-products/${store}?${q}`);
  expect(res.ok()).toBe(true);
  const { data } = (await res.json()) as { data: ShopProduct[] };
  const product = data.find((p) => p.title === title);
  if (!product) throw new Error(`no product titled ${title}`);
  return product;
}

export const pathOf = (p: ShopProduct) => productPath(p.title, p.product_id);

export const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

export const badge = (page: Page) => page.getByTestId('cart-badge');

/** Adds `product` to the cart from its page, as a shopper does. */
export async function addToCart(page: Page, product: ShopProduct) {
  await page.goto(pathOf(product));
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, 'Added to cart')).toBeVisible();
}

/** The guest cart as stored (localStorage guest_cart). */
export const guestCart = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('guest_cart') ?? '[]') as {
        product_sku: string;
        product_name: string;
        product_price: number;
        quantity: number;
      }[],
  );

export const stored = <T>(page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as T, key);

/** The user's server cart, read with their access token. */
export async function serverCart(request: APIRequestContext, userId: string, token: string) {
  const res = await request.get(`/api/cart/${userId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { product_sku: string; quantity: number }[] }).data;
}
