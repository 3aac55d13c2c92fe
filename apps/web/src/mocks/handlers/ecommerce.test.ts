import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  CartProduct,
  ListedProduct,
  Order,
  ProductDetails,
  ProductsResponse,
  ShopFilters,
} from '@/features/demo/ecommerce/api/types';
import { ecommerceDb, resetEcommerce } from '../db/ecommerce';
import { server } from '../node';
import { strict } from '@/test/msw';

beforeAll(() => server.listen(strict));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => resetEcommerce());

const url = (path: string) => new URL(path, location.origin);
async function get<T>(path: string): Promise<{ status: number; body: T }> {
  const res = await fetch(url(path));
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}
async function send(method: string, path: string, body?: unknown) {
  const res = await fetch(url(path), {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}
const products = (q = '') => get<ProductsResponse>(`/apps/ecommerce/products${q}`);
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
const allPages = async (sortBy: string) =>
  (await products(`?sortBy=${sortBy}&perPage=100`)).body.products;

describe('seed data', () => {
  it('has 27 products with 9 in the wishlist and 5 in the cart', () => {
    expect(ecommerceDb.products).toHaveLength(27);
    expect(ecommerceDb.wishlist.map((w) => w.productId)).toEqual([26, 23, 11, 10, 5, 8, 9, 13, 17]);
    expect(ecommerceDb.cart.map((c) => c.productId)).toEqual([27, 21, 26, 25, 23]);
    for (const p of ecommerceDb.products) {
      expect(p.slug.endsWith(`-${p.id}`)).toBe(true);
      expect(p.rating).toBeGreaterThanOrEqual(1);
      expect(p.rating).toBeLessThanOrEqual(5);
      expect(p.image.startsWith('data:image/svg+xml')).toBe(true);
    }
    expect(new Set(ecommerceDb.products.map((p) => p.brand)).size).toBe(21);
    expect(ecommerceDb.products.filter((p) => p.hasFreeShipping)).toHaveLength(15);
  });
});

describe('GET /apps/ecommerce/products', () => {
  it('defaults to page 1 of 9, featured order, with totals and user lines', async () => {
    const { status, body } = await products();
    expect(status).toBe(200);
    expect(body.total).toBe(27);
    expect(ids(body.products)).toEqual([27, 26, 25, 24, 23, 22, 21, 20, 19]);
    expect(body.userWishlist).toHaveLength(9);
    expect(body.userCart).toHaveLength(5);
    const p27 = body.products[0]!;
    expect(p27.isInCart).toBe(true);
    expect(p27.isInWishlist).toBe(false);
    expect(body.products.find((p) => p.id === 26)).toMatchObject({
      isInCart: true,
      isInWishlist: true,
    });
    expect(body.products.find((p) => p.id === 24)).toMatchObject({
      isInCart: false,
      isInWishlist: false,
    });
  });

  it('pages 9 per page; the last page holds the rest; beyond it is empty', async () => {
    const p2 = await products('?page=2');
    expect(ids(p2.body.products)).toEqual([18, 17, 16, 15, 14, 13, 12, 11, 10]);
    const p3 = await products('?page=3');
    expect(p3.body.products).toHaveLength(9);
    const p4 = await products('?page=4');
    expect(p4.body.products).toEqual([]);
    expect(p4.body.total).toBe(27);
    const custom = await products('?perPage=5&page=6');
    expect(ids(custom.body.products)).toEqual([2, 1]);
  });

  it('treats bad paging values as the defaults', async () => {
    const { body } = await products('?page=abc&perPage=');
    expect(body.products).toHaveLength(9);
    expect(body.products[0]!.id).toBe(27);
  });

  it('sorts by price both ways; featured is id descending (unknown sorts fall back to it)', async () => {
    const asc = await allPages('price-asc');
    const desc = await allPages('price-desc');
    const featured = await allPages('featured');
    const prices = asc.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(asc[0]!.price).toBe(10.83);
    expect(desc[0]!.price).toBe(7999.99);
    expect(ids(desc)).toEqual(ids(asc).reverse());
    expect(ids(featured)).toEqual(ecommerceDb.products.map((p) => p.id).sort((a, b) => b - a));
    // Both descending sorts are reversed orders of their ascending keys, and they differ.
    expect(ids(featured)).not.toEqual(ids(desc));
    expect(ids(await allPages('bogus'))).toEqual(ids(featured));
  });

  it('searches the name case-insensitively and counts before paging', async () => {
    const { body } = await products('?q=APPLE&perPage=2');
    expect(body.total).toBe(6);
    expect(body.products).toHaveLength(2);
    const none = await products('?q=zzz');
    expect(none.body).toMatchObject({ total: 0, products: [] });
  });

  it('filters by price range, categories, brands, rating and free shipping', async () => {
    const price = await products('?priceMin=100&priceMax=500&perPage=100');
    expect(price.body.total).toBeGreaterThan(0);
    for (const p of price.body.products) expect(p.price >= 100 && p.price <= 500).toBe(true);

    const cat = await products('?categories=audio,tv&perPage=100');
    expect(cat.body.products.every((p) => p.category === 'audio' || p.category === 'tv')).toBe(
      true,
    );
    expect(cat.body.total).toBe(
      ecommerceDb.products.filter((p) => p.category === 'audio' || p.category === 'tv').length,
    );

    const brands = await products('?brands=apple&brands=Bose&perPage=100');
    expect(brands.body.total).toBe(8);

    const rating = await products('?rating=4&perPage=100');
    expect(rating.body.total).toBe(16);
    expect(rating.body.products.every((p) => p.rating >= 4)).toBe(true);

    const free = await products('?freeShipping=true&perPage=100');
    expect(free.body.total).toBe(15);
    const notFree = await products('?freeShipping=false');
    expect(notFree.body.total).toBe(27);

    const combined = await products(
      '?brands=Apple&freeShipping=true&priceMax=700&sortBy=price-asc',
    );
    expect(ids(combined.body.products)).toEqual([18, 27, 26, 5]);
  });
});

describe('GET /apps/ecommerce/filters', () => {
  it('gives facet counts from the data', async () => {
    const { body } = await get<ShopFilters>('/apps/ecommerce/filters');
    expect(body.categories).toHaveLength(10);
    expect(body.categories.reduce((s, c) => s + c.count, 0)).toBe(27);
    expect(body.brands[0]).toEqual({ value: 'Apple', count: 6 });
    expect(body.ratings).toEqual([
      { value: 4, count: 16 },
      { value: 3, count: 23 },
      { value: 2, count: 26 },
      { value: 1, count: 27 },
    ]);
    expect(body.priceMin).toBe(10);
    expect(body.priceMax).toBe(8000);
  });
});

describe('GET /apps/ecommerce/products/:id', () => {
  it('returns the product with colour options and flags', async () => {
    const { status, body } = await get<{ product: ProductDetails }>('/apps/ecommerce/products/27');
    expect(status).toBe(200);
    expect(body.product).toMatchObject({ id: 27, slug: 'apple-watch-series-5-27', isInCart: true });
    expect(body.product.colorOptions).toEqual(['primary', 'success', 'warning', 'danger', 'info']);
  });

  it.each(['999', '0', 'abc', '2.5'])('answers 404 for id %s', async (id) => {
    expect((await get(`/apps/ecommerce/products/${id}`)).status).toBe(404);
  });
});

describe('wishlist', () => {
  it('lists in wishlist order with cart flags; adds and removes by product id', async () => {
    const list = await get<{ products: ListedProduct[] }>('/apps/ecommerce/wishlist');
    expect(ids(list.body.products)).toEqual([26, 23, 11, 10, 5, 8, 9, 13, 17]);
    expect(list.body.products[0]).toMatchObject({ isInCart: true, isInWishlist: true });

    const add = await send('POST', '/apps/ecommerce/wishlist', { productId: 1 });
    expect(add.status).toBe(201);
    expect(add.body.line).toEqual({ id: 10, productId: 1 });
    expect((await send('POST', '/apps/ecommerce/wishlist', { productId: 1 })).status).toBe(201);
    expect(ecommerceDb.wishlist.filter((w) => w.productId === 1)).toHaveLength(1);

    const del = await send('DELETE', '/apps/ecommerce/wishlist/26');
    expect(del.status).toBe(200);
    expect((await send('DELETE', '/apps/ecommerce/wishlist/26')).status).toBe(200);
    const after = await get<{ products: ListedProduct[] }>('/apps/ecommerce/wishlist');
    expect(ids(after.body.products)).toEqual([23, 11, 10, 5, 8, 9, 13, 17, 1]);
  });

  it('rejects a missing or unknown product', async () => {
    expect((await send('POST', '/apps/ecommerce/wishlist', {})).status).toBe(400);
    expect((await send('POST', '/apps/ecommerce/wishlist', { productId: 99 })).status).toBe(404);
  });
});

describe('cart', () => {
  it('lists lines with qty, shipping date 1–7 days out, offers 1–4 and discount 3–20 %', async () => {
    const { body } = await get<{ products: CartProduct[] }>('/apps/ecommerce/cart');
    expect(ids(body.products)).toEqual([27, 21, 26, 25, 23]);
    const today = new Date();
    today.setHours(12, 0, 0, 0);
    for (const p of body.products) {
      expect(p.qty).toBe(1);
      expect(p.isInCart).toBe(true);
      const days = Math.round(
        (new Date(`${p.shippingDate}T12:00:00`).getTime() - today.getTime()) / 86_400_000,
      );
      expect(days).toBeGreaterThanOrEqual(1);
      expect(days).toBeLessThanOrEqual(7);
      expect(p.offers).toBeGreaterThanOrEqual(1);
      expect(p.offers).toBeLessThanOrEqual(4);
      expect(p.discountPercentage).toBeGreaterThanOrEqual(3);
      expect(p.discountPercentage).toBeLessThanOrEqual(20);
    }
    expect(body.products.find((p) => p.id === 26)!.isInWishlist).toBe(true);
  });

  it('adds with qty 1 (once), changes qty, removes by product id', async () => {
    const add = await send('POST', '/apps/ecommerce/cart', { productId: 1 });
    expect(add.status).toBe(201);
    expect(add.body.line).toEqual({ id: 6, productId: 1, qty: 1 });
    await send('POST', '/apps/ecommerce/cart', { productId: '1' });
    expect(ecommerceDb.cart.filter((c) => c.productId === 1)).toHaveLength(1);
    expect((await products('?q=VicTsing')).body.products[0]!.isInCart).toBe(true);

    const qty = await send('PATCH', '/apps/ecommerce/cart/1', { qty: 3 });
    expect(qty.status).toBe(200);
    const cart = await get<{ products: CartProduct[] }>('/apps/ecommerce/cart');
    expect(cart.body.products.find((p) => p.id === 1)!.qty).toBe(3);

    expect((await send('PATCH', '/apps/ecommerce/cart/1', { qty: 0 })).status).toBe(400);
    expect((await send('PATCH', '/apps/ecommerce/cart/1', { qty: 11 })).status).toBe(400);
    expect((await send('PATCH', '/apps/ecommerce/cart/1', { qty: 1.5 })).status).toBe(400);
    expect((await send('PATCH', '/apps/ecommerce/cart/2', { qty: 2 })).status).toBe(404);

    expect((await send('DELETE', '/apps/ecommerce/cart/1')).status).toBe(200);
    expect((await send('DELETE', '/apps/ecommerce/cart/1')).status).toBe(200);
    const after = await get<{ products: CartProduct[] }>('/apps/ecommerce/cart');
    expect(ids(after.body.products)).toEqual([27, 21, 26, 25, 23]);
  });

  it('rejects adding an unknown product', async () => {
    expect((await send('POST', '/apps/ecommerce/cart', { productId: 'x' })).status).toBe(400);
    expect((await send('POST', '/apps/ecommerce/cart', { productId: 500 })).status).toBe(404);
  });
});

describe('POST /apps/ecommerce/orders', () => {
  const address = {
    fullName: 'John Doe',
    mobile: '5551234567',
    flat: '12 Main St',
    landmark: 'Near the park',
    city: 'Springfield',
    pincode: '40512',
    state: 'Ohio',
    type: 'home',
  };

  it('places the order with the cart lines and price details, then empties the cart', async () => {
    await send('PATCH', '/apps/ecommerce/cart/27', { qty: 2 });
    const { status, body } = await send('POST', '/apps/ecommerce/orders', {
      address,
      payment: { method: 'card', cardLast4: '4242', cardHolder: 'John Doe' },
    });
    expect(status).toBe(201);
    const order = body.order as Order;
    expect(order.number).toBe('FS-100001');
    expect(order.lines.map((l) => l.productId)).toEqual([27, 21, 26, 25, 23]);
    expect(order.summary.itemCount).toBe(6);
    const subtotal = 399.98 * 2 + 119.99 + 599 + 189.99 + 59.99;
    expect(order.summary.subtotal).toBeCloseTo(subtotal, 2);
    // 21, 25 and 23 do not ship free
    expect(order.summary.delivery).toBeCloseTo(3 * 4.99, 2);
    expect(order.summary.total).toBeCloseTo(subtotal - order.summary.discount + 3 * 4.99, 2);
    expect(order.payment).toEqual({ method: 'card', cardLast4: '4242', cardHolder: 'John Doe' });

    const cart = await get<{ products: CartProduct[] }>('/apps/ecommerce/cart');
    expect(cart.body.products).toEqual([]);
    expect((await products()).body.userCart).toEqual([]);
    expect((await get(`/apps/ecommerce/orders/${order.id}`)).status).toBe(200);

    const again = await send('POST', '/apps/ecommerce/orders', {
      address,
      payment: { method: 'cod' },
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: { code: 'CART_EMPTY' } });
  });

  it('validates the address and the payment and keeps the cart', async () => {
    const { status, body } = await send('POST', '/apps/ecommerce/orders', {
      address: { ...address, mobile: 'abc', city: ' ' },
      payment: { method: 'emi', emiMonths: 5 },
    });
    expect(status).toBe(400);
    expect((body.error as { fields: Record<string, string> }).fields).toEqual({
      'address.mobile': 'invalid',
      'address.city': 'required',
      'payment.emiMonths': 'invalid',
    });
    expect(ecommerceDb.cart).toHaveLength(5);
    expect((await get('/apps/ecommerce/orders/1')).status).toBe(404);
  });
});
