import type {
  AdminProduct,
  AdminProductListResponse,
  AdminProductRow,
  Category,
  ProductBulk,
  ProductCreate,
  ProductPatch,
} from '@shop/contracts';
import type { ProductStatus, ProductType, StockLevel } from '@shop/domain';
import { STORE_ID } from '../../lib/api-client.ts';
import { adminJson } from '../lib/admin-api.ts';

/** The list's filters as the screen holds them ('' = not filtered). */
export interface ProductFilters {
  search: string;
  category: string;
  status: ProductStatus | '';
  stock: StockLevel | '';
  type: ProductType | '';
  sort: 'updated' | 'created' | 'title' | 'sku' | 'price' | 'stock';
  order: 'asc' | 'desc';
  page: number;
}

export const NO_PRODUCT_FILTERS: ProductFilters = {
  search: '',
  category: '',
  status: '',
  stock: '',
  type: '',
  sort: 'updated',
  order: 'desc',
  page: 1,
};

export const PRODUCTS_PAGE_SIZE = 20;

/** The list's query string. */
export function productListQuery(f: ProductFilters, limit = PRODUCTS_PAGE_SIZE): string {
  const p = new URLSearchParams();
  if (f.search.trim()) p.set('search', f.search.trim());
  if (f.category) p.set('category', f.category);
  if (f.status) p.set('status', f.status);
  if (f.stock) p.set('stock', f.stock);
  if (f.type) p.set('type', f.type);
  p.set('sort', f.sort);
  p.set('order', f.order);
  p.set('page', String(f.page));
  p.set('limit', String(limit));
  return p.toString();
}

export const listProducts = (f: ProductFilters, limit?: number) =>
  adminJson<AdminProductListResponse>('GET', `/admin/products?${productListQuery(f, limit)}`);

export const getProduct = (id: string) =>
  adminJson<{ data: AdminProduct }>('GET', `/admin/products/${id}`).then((r) => r.data);

export const createProduct = (body: ProductCreate) =>
  adminJson<{ data: AdminProduct }>('POST', '/admin/products', body).then((r) => r.data);

export const patchProduct = (id: string, body: ProductPatch) =>
  adminJson<{ data: AdminProduct }>('PATCH', `/admin/products/${id}`, body).then((r) => r.data);

export const duplicateProduct = (id: string) =>
  adminJson<{ data: AdminProduct }>('POST', `/admin/products/${id}/duplicate`).then((r) => r.data);

export const deleteProduct = (id: string) =>
  adminJson<{ result: 'deleted' | 'archived'; msg: string }>('DELETE', `/admin/products/${id}`);

export const bulkEditProducts = (body: ProductBulk) =>
  adminJson<{ updated: number }>('POST', '/admin/products/bulk', body).then((r) => r.updated);

/** The store's categories (the storefront's list: active ones, by position). */
export const listCategories = () =>
  adminJson<{ data: Category[] }>(
    'GET',
    `/category/getdata/category/${encodeURIComponent(STORE_ID)}`,
  ).then((r) => r.data);

/** Products whose title or sku has `search`, for picking a Grouped product's members. */
export const searchProducts = (search: string): Promise<AdminProductRow[]> =>
  listProducts({ ...NO_PRODUCT_FILTERS, search }, 10).then((r) => r.data);
