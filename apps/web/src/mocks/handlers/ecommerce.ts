import { http, HttpResponse, type RequestHandler } from 'msw';
import {
  addressTypes,
  categoryKeys,
  colorOptions,
  emiMonthOptions,
  paymentMethods,
  sortOptions,
  type Address,
  type CartProduct,
  type CategoryKey,
  type ListedProduct,
  type Order,
  type PaymentInput,
  type Product,
  type ProductsResponse,
  type ShopFilters,
  type SortBy,
} from '@/features/demo/ecommerce/api/types';
import { maxQty, priceSummary } from '@/features/demo/ecommerce/lib/pricing';
import { ecommerceDb as db, newCartRow, nextId } from '../db/ecommerce';

const base = '/apps/ecommerce';

// ---- query-string parsing (values arrive as strings over HTTP) ----

function int(value: string | null, fallback: number, min: number, max: number): number {
  if (value === null || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n)) return fallback;
  return Math.min(max, Math.max(min, n));
}

function num(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

function bool(value: string | null): boolean {
  return value !== null && ['true', '1', 'yes'].includes(value.trim().toLowerCase());
}

/** `a,b` and repeated `key=a&key=b` (or `key[]=`) both give [a, b]. */
function list(params: URLSearchParams, key: string): string[] {
  return [...params.getAll(key), ...params.getAll(`${key}[]`)]
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

/** Path id: a positive integer, otherwise null (→ 404). */
function pathId(value: string | readonly string[] | undefined): number | null {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

function badRequest(message: string, fields?: Record<string, string>) {
  return HttpResponse.json(
    { error: { code: 'VALIDATION_FAILED', message, ...(fields ? { fields } : {}) } },
    { status: 400 },
  );
}

const notFound = () => new HttpResponse(null, { status: 404 });

// ---- derived views ----

function listed(p: Product): ListedProduct {
  return {
    ...p,
    isInWishlist: db.wishlist.some((w) => w.productId === p.id),
    isInCart: db.cart.some((c) => c.productId === p.id),
  };
}

function isoDateInDays(days: number): string {
  const d = new Date();
  d.setHours(12, 0, 0, 0);
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function cartProducts(): CartProduct[] {
  return db.cart.flatMap((row) => {
    const p = db.products.find((x) => x.id === row.productId);
    if (!p) return [];
    return [
      {
        ...listed(p),
        qty: row.qty,
        shippingDate: isoDateInDays(row.shippingInDays),
        offers: row.offers,
        discountPercentage: row.discountPercentage,
      },
    ];
  });
}

/** Sort: featured = id descending; price-asc; price-desc = price-asc reversed. */
function sortProducts(rows: Product[], sortBy: SortBy): Product[] {
  const key: keyof Product = sortBy === 'featured' ? 'id' : 'price';
  const sorted = [...rows].sort((a, b) => (a[key] as number) - (b[key] as number));
  return sortBy === 'price-asc' ? sorted : sorted.reverse();
}

function readProductId(body: unknown): number | null {
  const raw = (body as { productId?: unknown } | null)?.productId;
  const n = typeof raw === 'string' ? Number(raw) : raw;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
}

async function jsonBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return null;
  }
}

// ---- order validation ----

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

function validateAddress(raw: unknown): { address?: Address; fields: Record<string, string> } {
  const a = (raw ?? {}) as Record<string, unknown>;
  const fields: Record<string, string> = {};
  const address: Address = {
    fullName: str(a.fullName),
    mobile: str(a.mobile),
    flat: str(a.flat),
    landmark: str(a.landmark),
    city: str(a.city),
    pincode: str(a.pincode),
    state: str(a.state),
    type: a.type as Address['type'],
  };
  for (const k of ['fullName', 'flat', 'landmark', 'city', 'state'] as const) {
    if (!address[k]) fields[`address.${k}`] = 'required';
  }
  if (!/^\+?\d{7,15}$/.test(address.mobile)) fields['address.mobile'] = 'invalid';
  if (!/^\d{4,10}$/.test(address.pincode)) fields['address.pincode'] = 'invalid';
  if (!addressTypes.includes(address.type)) fields['address.type'] = 'invalid';
  return Object.keys(fields).length ? { fields } : { address, fields };
}

function validatePayment(raw: unknown): { payment?: PaymentInput; fields: Record<string, string> } {
  const p = (raw ?? {}) as Record<string, unknown>;
  const method = p.method as PaymentInput['method'];
  const fields: Record<string, string> = {};
  if (!paymentMethods.includes(method)) return { fields: { 'payment.method': 'invalid' } };
  const payment: PaymentInput = { method };
  if (method === 'card') {
    payment.cardLast4 = str(p.cardLast4);
    payment.cardHolder = str(p.cardHolder);
    if (!/^\d{4}$/.test(payment.cardLast4)) fields['payment.cardLast4'] = 'invalid';
    if (!payment.cardHolder) fields['payment.cardHolder'] = 'required';
  } else if (method === 'netBanking') {
    payment.bank = str(p.bank);
    if (!payment.bank) fields['payment.bank'] = 'required';
  } else if (method === 'emi') {
    payment.emiMonths = Number(p.emiMonths);
    if (!(emiMonthOptions as readonly number[]).includes(payment.emiMonths))
      fields['payment.emiMonths'] = 'invalid';
  }
  return Object.keys(fields).length ? { fields } : { payment, fields };
}

export const ecommerceHandlers: RequestHandler[] = [
  http.get(`${base}/products`, ({ request }) => {
    const params = new URL(request.url).searchParams;
    const q = (params.get('q') ?? '').trim().toLowerCase();
    const sortParam = params.get('sortBy') ?? 'featured';
    const sortBy: SortBy = (sortOptions as readonly string[]).includes(sortParam)
      ? (sortParam as SortBy)
      : 'featured';
    const perPage = int(params.get('perPage'), 9, 1, 100);
    const page = int(params.get('page'), 1, 1, Number.MAX_SAFE_INTEGER);
    const priceMin = num(params.get('priceMin'));
    const priceMax = num(params.get('priceMax'));
    const categories = list(params, 'categories').filter((c): c is CategoryKey =>
      (categoryKeys as readonly string[]).includes(c),
    );
    const brands = list(params, 'brands').map((b) => b.toLowerCase());
    const rating = num(params.get('rating'));
    const freeShipping = bool(params.get('freeShipping'));

    const filtered = db.products.filter(
      (p) =>
        p.name.toLowerCase().includes(q) &&
        (priceMin === undefined || p.price >= priceMin) &&
        (priceMax === undefined || p.price <= priceMax) &&
        (categories.length === 0 || categories.includes(p.category)) &&
        (brands.length === 0 || brands.includes(p.brand.toLowerCase())) &&
        (rating === undefined || p.rating >= rating) &&
        (!freeShipping || p.hasFreeShipping),
    );
    const sorted = sortProducts(filtered, sortBy);
    const body: ProductsResponse = {
      products: sorted.slice((page - 1) * perPage, page * perPage).map(listed),
      total: filtered.length,
      userWishlist: db.wishlist.map((w) => ({ ...w })),
      userCart: db.cart.map(({ id, productId, qty }) => ({ id, productId, qty })),
    };
    return HttpResponse.json(body);
  }),

  http.get(`${base}/products/:id`, ({ params }) => {
    const id = pathId(params.id);
    const product = id === null ? undefined : db.products.find((p) => p.id === id);
    if (!product) return notFound();
    return HttpResponse.json({ product: { ...listed(product), colorOptions: [...colorOptions] } });
  }),

  http.get(`${base}/filters`, () => {
    const count = <T>(values: T[]) => {
      const m = new Map<T, number>();
      for (const v of values) m.set(v, (m.get(v) ?? 0) + 1);
      return m;
    };
    const byCategory = count(db.products.map((p) => p.category));
    const byBrand = count(db.products.map((p) => p.brand));
    const prices = db.products.map((p) => p.price);
    const body: ShopFilters = {
      categories: categoryKeys.map((value) => ({ value, count: byCategory.get(value) ?? 0 })),
      brands: [...byBrand.entries()]
        .map(([value, c]) => ({ value, count: c }))
        .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
      ratings: [4, 3, 2, 1].map((value) => ({
        value,
        count: db.products.filter((p) => p.rating >= value).length,
      })),
      priceMin: Math.floor(Math.min(...prices)),
      priceMax: Math.ceil(Math.max(...prices)),
    };
    return HttpResponse.json(body);
  }),

  http.get(`${base}/wishlist`, () => {
    const products = db.wishlist.flatMap((w) => {
      const p = db.products.find((x) => x.id === w.productId);
      return p ? [listed(p)] : [];
    });
    return HttpResponse.json({ products });
  }),

  http.post(`${base}/wishlist`, async ({ request }) => {
    const productId = readProductId(await jsonBody(request));
    if (productId === null) return badRequest('productId is required', { productId: 'required' });
    if (!db.products.some((p) => p.id === productId)) return notFound();
    let line = db.wishlist.find((w) => w.productId === productId);
    if (!line) {
      line = { id: nextId(db.wishlist), productId };
      db.wishlist.push(line);
    }
    return HttpResponse.json({ line }, { status: 201 });
  }),

  http.delete(`${base}/wishlist/:productId`, ({ params }) => {
    const id = pathId(params.productId);
    db.wishlist = db.wishlist.filter((w) => w.productId !== id);
    return HttpResponse.json({});
  }),

  http.get(`${base}/cart`, () => HttpResponse.json({ products: cartProducts() })),

  http.post(`${base}/cart`, async ({ request }) => {
    const productId = readProductId(await jsonBody(request));
    if (productId === null) return badRequest('productId is required', { productId: 'required' });
    if (!db.products.some((p) => p.id === productId)) return notFound();
    let row = db.cart.find((c) => c.productId === productId);
    if (!row) {
      row = newCartRow(nextId(db.cart), productId);
      db.cart.push(row);
    }
    return HttpResponse.json({ line: { id: row.id, productId, qty: row.qty } }, { status: 201 });
  }),

  http.patch(`${base}/cart/:productId`, async ({ params, request }) => {
    const id = pathId(params.productId);
    const row = id === null ? undefined : db.cart.find((c) => c.productId === id);
    if (!row) return notFound();
    const raw = (await jsonBody(request)) as { qty?: unknown } | null;
    const qty = typeof raw?.qty === 'string' ? Number(raw.qty) : raw?.qty;
    if (typeof qty !== 'number' || !Number.isInteger(qty) || qty < 1 || qty > maxQty) {
      return badRequest(`qty must be a whole number from 1 to ${maxQty}`, { qty: 'invalid' });
    }
    row.qty = qty;
    return HttpResponse.json({ line: { id: row.id, productId: row.productId, qty } });
  }),

  http.delete(`${base}/cart/:productId`, ({ params }) => {
    const id = pathId(params.productId);
    db.cart = db.cart.filter((c) => c.productId !== id);
    return HttpResponse.json({});
  }),

  http.post(`${base}/orders`, async ({ request }) => {
    const body = (await jsonBody(request)) as { address?: unknown; payment?: unknown } | null;
    const lines = cartProducts();
    if (lines.length === 0) {
      return HttpResponse.json(
        { error: { code: 'CART_EMPTY', message: 'The cart is empty' } },
        { status: 400 },
      );
    }
    const a = validateAddress(body?.address);
    const p = validatePayment(body?.payment);
    if (!a.address || !p.payment) {
      return badRequest('The order is incomplete', { ...a.fields, ...p.fields });
    }
    const id = nextId(db.orders);
    const order: Order = {
      id,
      number: `FS-${String(100000 + id)}`,
      placedAt: new Date().toISOString(),
      deliveryDate:
        lines
          .map((l) => l.shippingDate)
          .sort()
          .at(-1) ?? isoDateInDays(7),
      lines: lines.map((l) => ({
        productId: l.id,
        name: l.name,
        brand: l.brand,
        image: l.image,
        price: l.price,
        qty: l.qty,
        discountPercentage: l.discountPercentage,
      })),
      address: a.address,
      payment: p.payment,
      summary: priceSummary(lines),
    };
    db.orders.push(order);
    db.cart = [];
    return HttpResponse.json({ order }, { status: 201 });
  }),

  http.get(`${base}/orders/:id`, ({ params }) => {
    const id = pathId(params.id);
    const order = db.orders.find((o) => o.id === id);
    return order ? HttpResponse.json({ order }) : notFound();
  }),
];
