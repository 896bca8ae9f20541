import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminCategory,
  AdminContentPage,
  AdminMarquee,
  AdminNewArrival,
  AdminOffer,
  AdminPageMeta,
  AdminProduct,
  AdminSlider,
} from '@shop/contracts';
import { auditLog, categories } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { MAIN } from '../../test-support/accounts.ts';
import { simpleBody } from '../../test-support/products.ts';
import { memberToken } from '../../test-support/staff.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { LIST_CHANGED } from './admin-content-service.ts';

type Body = Record<string, unknown> & { msg?: string; field?: string; data?: unknown };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const BASE = '/api/admin/content';

describe.each(testDatabaseTargets())('admin content on $name', (target) => {
  let t: TestApp;
  let staff: string;
  let owner: string;
  let customer: string;
  let otherOwner: string;

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { paymentWebhooks: null } });
    staff = (await memberToken(t, 'staff')).token;
    owner = (await memberToken(t, 'owner')).token;
    customer = (await memberToken(t, 'customer')).token;
    otherOwner = (await memberToken(t, 'owner', 'threadline')).token;
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  const call = async <T = unknown>(method: Method, url: string, token?: string, body?: unknown) => {
    const res = await t.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body !== undefined && { payload: body as Record<string, unknown> }),
    });
    return { status: res.statusCode, body: res.json<Body & { data: T }>() };
  };
  const storefront = async <T>(path: string) =>
    (await t.app.inject(`/api${path}`)).json<{ data: T }>().data;
  const audited = async (entityId: string, action: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)));

  it('creates, edits, reorders and deletes categories; the storefront follows', async () => {
    const made = await call<AdminCategory>('POST', `${BASE}/categories`, staff, {
      name: 'Knee Pads',
      category: 'knee-pads-test',
      icon: '/icons/knee.svg',
    });
    expect(made.status).toBe(201);
    const cat = made.body.data;
    expect(cat).toMatchObject({ name: 'Knee Pads', status: 'Active', icon: '/icons/knee.svg' });
    expect(await audited(cat.id, 'category.create')).toHaveLength(1);

    const list = (await call<AdminCategory[]>('GET', `${BASE}/categories`, staff)).body.data;
    expect(list.at(-1)!.id).toBe(cat.id);

    // Reorder: the new one first; the storefront's list follows.
    const ids = [cat.id, ...list.filter((c) => c.id !== cat.id).map((c) => c.id)];
    const moved = await call<AdminCategory[]>('POST', `${BASE}/categories/reorder`, owner, { ids });
    expect(moved.status).toBe(200);
    expect(moved.body.data.map((c) => c.id)).toEqual(ids);
    expect(moved.body.data.map((c) => c.position)).toEqual(ids.map((_, i) => i));
    const shown = await storefront<{ category: string }[]>(`/category/getdata/category/${MAIN}`);
    expect(shown[0]!.category).toBe('knee-pads-test');
    expect(await audited(MAIN, 'category.reorder')).not.toHaveLength(0);

    // A reorder that leaves one out, repeats one or names a stranger is refused, nothing moved.
    for (const bad of [
      ids.slice(1),
      [ids[0], ...ids.slice(0, -1)],
      [...ids.slice(1), crypto.randomUUID()],
    ]) {
      const res = await call('POST', `${BASE}/categories/reorder`, staff, { ids: bad });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('ids');
    }
    const still = (await call<AdminCategory[]>('GET', `${BASE}/categories`, staff)).body.data;
    expect(still.map((c) => c.id)).toEqual(ids);

    // A move made on a screen that showed an older order is refused, not written over the
    // newer one; with the order as it is, it goes through.
    const swapped = [ids[1]!, ids[0]!, ...ids.slice(2)];
    const stale = await call('POST', `${BASE}/categories/reorder`, staff, {
      ids: swapped,
      was: [...ids].reverse(),
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ field: 'ids', message: LIST_CHANGED });
    expect(
      (await call<AdminCategory[]>('GET', `${BASE}/categories`, staff)).body.data.map((c) => c.id),
    ).toEqual(ids);
    const fresh = await call<AdminCategory[]>('POST', `${BASE}/categories/reorder`, staff, {
      ids: swapped,
      was: ids,
    });
    expect(fresh.body.data.map((c) => c.id)).toEqual(swapped);
    await call('POST', `${BASE}/categories/reorder`, staff, { ids, was: swapped });

    // Inactive: off the storefront.
    const off = await call<AdminCategory>('PATCH', `${BASE}/categories/${cat.id}`, staff, {
      status: 'Inactive',
    });
    expect(off.status).toBe(200);
    const after = await storefront<{ category: string }[]>(`/category/getdata/category/${MAIN}`);
    expect(after.map((c) => c.category)).not.toContain('knee-pads-test');

    // A key another category has is a 409 naming the key's field; nothing changes.
    const other = list.find((c) => c.id !== cat.id)!;
    const taken = await call('PATCH', `${BASE}/categories/${cat.id}`, staff, {
      category: other.category,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.field).toBe('category');
    expect(taken.body.msg).toContain(other.category);
    const dup = await call('POST', `${BASE}/categories`, staff, {
      name: 'Again',
      category: other.category,
    });
    expect(dup.status).toBe(409);
    expect(dup.body.field).toBe('category');
    const keys = (await call<AdminCategory[]>('GET', `${BASE}/categories`, staff)).body.data;
    expect(keys.filter((c) => c.category === other.category)).toHaveLength(1);
    expect(keys.find((c) => c.id === cat.id)!.category).toBe('knee-pads-test');

    // Used by a product: no delete, no key change, named in the message.
    const product = await call<AdminProduct>(
      'POST',
      '/api/admin/products',
      staff,
      simpleBody({ category: 'knee-pads-test' }),
    );
    expect(product.status).toBe(201);
    const del = await call('DELETE', `${BASE}/categories/${cat.id}`, owner);
    expect(del.status).toBe(409);
    expect(del.body.msg).toContain('knee-pads-test');
    expect(del.body.msg).toContain('Inactive');
    const rekey = await call('PATCH', `${BASE}/categories/${cat.id}`, owner, { category: 'pads' });
    expect(rekey.status).toBe(409);
    await call('DELETE', `/api/admin/products/${product.body.data.product_id}`, owner);

    const gone = await call('DELETE', `${BASE}/categories/${cat.id}`, owner);
    expect(gone.status).toBe(200);
    expect(await audited(cat.id, 'category.delete')).toHaveLength(1);
    const rows = await t.database.db.select().from(categories).where(eq(categories.id, cat.id));
    expect(rows).toHaveLength(0);
  });

  it('answers 400 naming the field for bad input, and writes nothing', async () => {
    const before = (await call<AdminCategory[]>('GET', `${BASE}/categories`, staff)).body.data;
    const cases: [string, unknown, string][] = [
      [`${BASE}/categories`, { name: '', category: 'x' }, 'name'],
      [`${BASE}/categories`, { name: 'A', category: 'a/b' }, 'category'],
      [`${BASE}/categories`, { name: 'Cotton Kurtis', category: 'Cotton Kurtis' }, 'category'],
      [`${BASE}/categories`, { name: 'A', category: 'Kurtis' }, 'category'],
      [`${BASE}/categories`, { name: 'A', category: 'kurtis_new' }, 'category'],
      [`${BASE}/categories`, { name: 'A', category: 'ab', icon: 'javascript:alert(1)' }, 'icon'],
      [`${BASE}/categories`, { name: 'A', category: 'ab', status: 'Gone' }, 'status'],
      [`${BASE}/sliders`, { slider_name: 'S', price: -1 }, 'price'],
      [`${BASE}/sliders`, { slider_name: 'S', price: 1.234 }, 'price'],
      [`${BASE}/sliders`, { slider_name: 'S', product_id: crypto.randomUUID() }, 'product_id'],
      [`${BASE}/offers`, { title: 'O', link: 'ftp://x' }, 'link'],
      [`${BASE}/marquees`, { heading: ' ' }, 'heading'],
      [`${BASE}/marquees`, { heading: 'x'.repeat(201) }, 'heading'],
      [`${BASE}/new-arrivals`, { name: 'N', product_ids: ['nope'] }, 'product_ids.0'],
      [`${BASE}/new-arrivals`, { name: 'N', product_ids: [crypto.randomUUID()] }, 'product_ids.0'],
      [
        `${BASE}/pages`,
        { slug: 'Bad Slug', title: 'T', description: 'D', body_markdown: '' },
        'slug',
      ],
      [`${BASE}/pages`, { slug: 'ok', title: '', description: 'D', body_markdown: '' }, 'title'],
    ];
    for (const [url, body, field] of cases) {
      const res = await call('POST', url, staff, body);
      expect(res.status, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.field, `${url} ${JSON.stringify(body)}: ${res.body.msg ?? ''}`).toBe(field);
    }
    const after = (await call<AdminCategory[]>('GET', `${BASE}/categories`, staff)).body.data;
    expect(after).toEqual(before);
  });

  it('keeps each store to its own items: another store gets 404 and its own lists', async () => {
    const kinds: [string, unknown][] = [
      ['categories', { name: 'Mine', category: 'mine-only' }],
      ['new-arrivals', { name: 'Mine' }],
      ['sliders', { slider_name: 'Mine' }],
      ['offers', { title: 'Mine' }],
      ['marquees', { heading: 'Mine' }],
    ];
    for (const [kind, body] of kinds) {
      const made = await call<{ id: string }>('POST', `${BASE}/${kind}`, staff, body);
      expect(made.status, kind).toBe(201);
      const id = made.body.data.id;
      for (const [method, url, b] of [
        ['PATCH', `${BASE}/${kind}/${id}`, {}],
        ['DELETE', `${BASE}/${kind}/${id}`, undefined],
      ] as const) {
        const res = await call(method, url, otherOwner, b);
        expect(res.status, `${method} ${kind} as another store`).toBe(404);
        expect(res.body.field).toBe('id');
      }
      const theirs = await call<{ id: string }[]>('GET', `${BASE}/${kind}`, otherOwner);
      expect(theirs.status).toBe(200);
      expect(theirs.body.data.map((x) => x.id)).not.toContain(id);
      // Naming this store's item in the other store's reorder: refused.
      const ids = [...theirs.body.data.map((x) => x.id), id];
      expect((await call('POST', `${BASE}/${kind}/reorder`, otherOwner, { ids })).status).toBe(400);
      expect((await call('DELETE', `${BASE}/${kind}/${id}`, staff)).status).toBe(200);
    }
    const page = await call('GET', `${BASE}/pages/about`, otherOwner);
    expect(page.status).toBe(200);
    const created = await call('POST', `${BASE}/pages`, staff, {
      slug: 'only-here',
      title: 'Only here',
      description: 'A page of this store only.',
      body_markdown: 'Hi',
    });
    expect(created.status).toBe(201);
    for (const [method, b] of [
      ['GET', undefined],
      ['PATCH', { title: 'Theirs' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `${BASE}/pages/only-here`, otherOwner, b);
      expect(res.status, method).toBe(404);
      expect(res.body.field).toBe('slug');
    }
    expect((await call('DELETE', `${BASE}/pages/only-here`, staff)).status).toBe(200);
  });

  it('edits new-arrival groups with their products in order', async () => {
    const a = (await call<AdminProduct>('POST', '/api/admin/products', staff, simpleBody())).body
      .data;
    const b = (await call<AdminProduct>('POST', '/api/admin/products', staff, simpleBody())).body
      .data;
    const made = await call<AdminNewArrival>('POST', `${BASE}/new-arrivals`, staff, {
      name: 'Fresh in',
      description: 'This week',
      product_ids: [b.product_id, a.product_id],
    });
    expect(made.status).toBe(201);
    expect(made.body.data.products.map((p) => p.product_id)).toEqual([b.product_id, a.product_id]);
    const id = made.body.data.id;
    const swapped = await call<AdminNewArrival>('PATCH', `${BASE}/new-arrivals/${id}`, staff, {
      product_ids: [a.product_id, b.product_id],
    });
    expect(swapped.body.data.products.map((p) => p.sku)).toEqual([a.sku, b.sku]);
    expect(swapped.body.data.description).toBe('This week');
    const shown = await storefront<{ category_name: string; product: { product_id: string }[] }[]>(
      `/newarrival/all/${MAIN}`,
    );
    const group = shown.find((g) => g.category_name === 'Fresh in');
    expect(group?.product.map((p) => p.product_id)).toEqual([a.product_id, b.product_id]);
    // Another store's product cannot join.
    const theirs = (
      await call<AdminProduct>('POST', '/api/admin/products', otherOwner, simpleBody())
    ).body.data;
    const bad = await call('PATCH', `${BASE}/new-arrivals/${id}`, staff, {
      product_ids: [a.product_id, theirs.product_id],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('product_ids.1');
    expect((await call('DELETE', `${BASE}/new-arrivals/${id}`, staff)).status).toBe(200);
  });

  it('edits sliders and offers in rupees and marquee texts; the storefront shows them', async () => {
    const p = (await call<AdminProduct>('POST', '/api/admin/products', staff, simpleBody())).body
      .data;
    const slider = await call<AdminSlider>('POST', `${BASE}/sliders`, staff, {
      slider_name: 'Monsoon sale',
      price: 1499.5,
      cutOffPrice: 1999,
      product_id: p.product_id,
    });
    expect(slider.status).toBe(201);
    expect(slider.body.data).toMatchObject({ price: 1499.5, cutOffPrice: 1999 });
    const sliders = await storefront<{ slider_name: string; price: number }[]>(
      `/slider/all/${MAIN}`,
    );
    expect(sliders.find((s) => s.slider_name === 'Monsoon sale')?.price).toBe(1499.5);
    const cleared = await call<AdminSlider>(
      'PATCH',
      `${BASE}/sliders/${slider.body.data.id}`,
      staff,
      { product_id: null },
    );
    expect(cleared.body.data.product_id).toBeNull();
    expect(cleared.body.data.price).toBe(1499.5);

    const offer = await call<AdminOffer>('POST', `${BASE}/offers`, staff, {
      title: 'Two for one',
      link: '',
    });
    expect(offer.body.data.link).toBeNull();
    const linked = await call<AdminOffer>('PATCH', `${BASE}/offers/${offer.body.data.id}`, staff, {
      link: '/products',
    });
    expect(linked.body.data.link).toBe('/products');

    const marquees = (await call<AdminMarquee[]>('GET', `${BASE}/marquees`, staff)).body.data;
    const first = marquees[0]!;
    const edited = await call<AdminMarquee>('PATCH', `${BASE}/marquees/${first.id}`, staff, {
      heading: 'Free delivery this week',
    });
    expect(edited.status).toBe(200);
    const shown = await storefront<{ heading: string }[]>(`/marquee/all/${MAIN}`);
    expect(shown[0]!.heading).toBe('Free delivery this week');
    const [entry] = await audited(first.id, 'marquee.update');
    expect(entry?.before).toMatchObject({ heading: first.heading });
    expect(entry?.after).toMatchObject({ heading: 'Free delivery this week' });
  });

  it('lets staff read the page meta and only the owner change it, with https scripts only', async () => {
    const read = await call<AdminPageMeta>('GET', `${BASE}/page-meta`, staff);
    expect(read.status).toBe(200);
    const meta = read.body.data;
    const body = { ...meta, title: 'Urban Roll skates', scripts: ['https://cdn.example.in/a.js'] };
    expect((await call('PUT', `${BASE}/page-meta`, staff, body)).status).toBe(403);
    for (const src of ['http://cdn.example.in/a.js', 'javascript:alert(1)', 'alert(1)']) {
      const bad = await call('PUT', `${BASE}/page-meta`, owner, { ...body, scripts: [src] });
      expect(bad.status, src).toBe(400);
      expect(bad.body.field).toBe('scripts.0');
    }
    const put = await call<AdminPageMeta>('PUT', `${BASE}/page-meta`, owner, body);
    expect(put.status).toBe(200);
    const shown = await storefront<{ title: string; scripts: string[] }>(`/meta/${MAIN}`);
    expect(shown).toMatchObject({ title: 'Urban Roll skates', scripts: body.scripts });
    expect(await audited(MAIN, 'page_meta.update')).toHaveLength(1);
    await call('PUT', `${BASE}/page-meta`, owner, meta);
  });

  it('lists, creates, previews, edits and deletes content pages', async () => {
    const list = await call<{ slug: string; path: string }[]>('GET', `${BASE}/pages`, staff);
    expect(list.body.data.find((p) => p.slug === 'about')?.path).toBe('/about');
    const preview = await call<{ html: string }>('POST', `${BASE}/pages/preview`, staff, {
      body_markdown: '## Hours\n\n<script>x</script> [a](javascript:alert(1))',
    });
    expect(preview.body.data.html).toContain('<h2>Hours</h2>');
    expect(preview.body.data.html).not.toContain('<script');
    expect(preview.body.data.html).not.toContain('href="javascript');

    const body = {
      slug: 'careers',
      title: 'Careers',
      description: 'Work with us.',
      body_markdown: '## Coaches wanted',
    };
    const made = await call<AdminContentPage>('POST', `${BASE}/pages`, staff, body);
    expect(made.status).toBe(201);
    expect(made.body.data.path).toBe('/pages/careers');
    expect((await call('POST', `${BASE}/pages`, owner, body)).status).toBe(409);
    const shown = await storefront<{ html: string }>(`/pages/${MAIN}/careers`);
    expect(shown.html).toContain('<h2>Coaches wanted</h2>');

    const edited = await call<AdminContentPage>('PATCH', `${BASE}/pages/careers`, staff, {
      body_markdown: '## Coaches and helpers wanted',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.title).toBe('Careers');
    const again = await storefront<{ html: string }>(`/pages/${MAIN}/careers`);
    expect(again.html).toContain('helpers');
    expect(await audited('careers', 'content_page.update')).toHaveLength(1);

    expect((await call('DELETE', `${BASE}/pages/careers`, owner)).status).toBe(200);
    expect((await t.app.inject(`/api/pages/${MAIN}/careers`)).statusCode).toBe(404);
    expect((await call('GET', `${BASE}/pages/careers`, staff)).status).toBe(404);
    expect((await call('GET', `${BASE}/pages`, customer)).status).toBe(403);
    expect((await call('GET', `${BASE}/pages`)).status).toBe(401);
  });
});
