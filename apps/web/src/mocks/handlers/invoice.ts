import { http, HttpResponse, type RequestHandler } from 'msw';
import {
  invoiceStatuses,
  invoiceTotals,
  type Client,
  type Invoice,
  type InvoiceItem,
  type InvoiceStatus,
} from '@/features/demo/invoice/api/types';
import { invoiceDb as db, paymentDetails } from '../db/invoice';
import { nextId, paginate, parseBool, parseId, parseIntParam, readJson } from '../util';

const base = '/apps/invoice';
const notFound = () => new HttpResponse(null, { status: 404 });
const badRequest = (fields: Record<string, string>) =>
  HttpResponse.json(
    { error: { code: 'VALIDATION_FAILED', message: 'Invalid invoice', fields } },
    { status: 400 },
  );

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const num = (v: unknown, fallback = 0) => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
};

/** Plain `<`/`>` comparison of a top-level field; objects compare equal (no reorder). */
function compare(a: unknown, b: unknown): number {
  if (typeof a === 'object' || typeof b === 'object' || a === undefined || b === undefined)
    return 0;
  if (typeof a === 'string' && typeof b === 'string') {
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
}

function readClient(v: unknown): Client | null {
  if (!v || typeof v !== 'object') return null;
  const c = v as Record<string, unknown>;
  const client: Client = {
    name: str(c.name),
    company: str(c.company),
    companyEmail: str(c.companyEmail),
    address: str(c.address),
    country: str(c.country),
    contact: str(c.contact),
  };
  return client.name && client.companyEmail ? client : null;
}

function readItems(v: unknown): InvoiceItem[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((raw: unknown) => {
    if (!raw || typeof raw !== 'object') return [];
    const r = raw as Record<string, unknown>;
    const item: InvoiceItem = {
      name: str(r.name),
      description: str(r.description),
      cost: Math.max(0, num(r.cost)),
      qty: Math.max(0, Math.trunc(num(r.qty, 1))),
      discount: Math.min(100, Math.max(0, num(r.discount))),
      tax1: Math.max(0, num(r.tax1)),
      tax2: Math.max(0, num(r.tax2)),
    };
    return item.name ? [item] : [];
  });
}

const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

/** Validates an add/edit body; returns the fields or a map of errors. */
function readInvoice(
  body: Record<string, unknown>,
):
  | { ok: true; value: Omit<Invoice, 'id' | 'balance' | 'avatar'> }
  | { ok: false; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const client = readClient(body.client);
  const items = readItems(body.items);
  const issuedDate = str(body.issuedDate);
  const dueDate = str(body.dueDate);
  if (!client) fields.client = 'required';
  if (items.length === 0) fields.items = 'required';
  if (!isDate(issuedDate)) fields.issuedDate = 'invalid';
  if (!isDate(dueDate)) fields.dueDate = 'invalid';
  const status = str(body.invoiceStatus);
  const invoiceStatus: InvoiceStatus = (invoiceStatuses as readonly string[]).includes(status)
    ? (status as InvoiceStatus)
    : 'Draft';
  if (!client || Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    value: {
      issuedDate,
      dueDate,
      client,
      items,
      service: str(body.service) || items[0]?.name || '',
      salesperson: str(body.salesperson),
      note: str(body.note),
      invoiceStatus,
      total: invoiceTotals(items).total,
    },
  };
}

function allClients(): Client[] {
  const seen = new Set<string>();
  const out: Client[] = [];
  for (const c of [...db.extraClients, ...db.invoices.map((i) => i.client)]) {
    const key = c.companyEmail.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(c);
  }
  return out;
}

export const invoiceHandlers: RequestHandler[] = [
  http.get(`${base}/invoices`, ({ request }) => {
    const params = new URL(request.url).searchParams;
    const q = (params.get('q') ?? '').trim().toLowerCase();
    const status = params.get('status') ?? '';
    const sortBy = params.get('sortBy') || 'id';
    const sortDesc = parseBool(params.get('sortDesc'));
    const perPage = parseIntParam(params.get('perPage'), 10, 1, 100);
    const page = parseIntParam(params.get('page'), 1, 1);
    const filtered = db.invoices.filter(
      (i) =>
        (!q ||
          i.client.name.toLowerCase().includes(q) ||
          i.client.companyEmail.toLowerCase().includes(q)) &&
        (!status || i.invoiceStatus === status),
    );
    const sorted = [...filtered].sort((a, b) =>
      compare(
        (a as unknown as Record<string, unknown>)[sortBy],
        (b as unknown as Record<string, unknown>)[sortBy],
      ),
    );
    if (sortDesc) sorted.reverse();
    return HttpResponse.json({ invoices: paginate(sorted, page, perPage), total: filtered.length });
  }),

  http.get(`${base}/invoices/:id`, ({ params }) => {
    const id = parseId(params.id);
    const invoice = db.invoices.find((i) => i.id === id);
    if (!invoice) return notFound();
    return HttpResponse.json({ invoice, paymentDetails });
  }),

  http.post(`${base}/invoices`, async ({ request }) => {
    const parsed = readInvoice(await readJson(request));
    if (!parsed.ok) return badRequest(parsed.fields);
    const invoice: Invoice = {
      ...parsed.value,
      id: nextId(db.invoices),
      avatar: '',
      balance: parsed.value.total,
    };
    db.invoices.push(invoice);
    return HttpResponse.json({ invoice }, { status: 201 });
  }),

  http.post(`${base}/invoices/:id`, async ({ request, params }) => {
    const id = parseId(params.id);
    const index = db.invoices.findIndex((i) => i.id === id);
    const current = db.invoices[index];
    if (!current) return notFound();
    const body = await readJson(request);
    const parsed = readInvoice({ invoiceStatus: current.invoiceStatus, ...body });
    if (!parsed.ok) return badRequest(parsed.fields);
    const paid = Math.max(0, current.total - current.balance);
    const invoice: Invoice = {
      ...current,
      ...parsed.value,
      balance: Math.max(0, Math.round((parsed.value.total - paid) * 100) / 100),
    };
    db.invoices[index] = invoice;
    return HttpResponse.json({ invoice });
  }),

  http.post(`${base}/invoices/:id/payments`, async ({ request, params }) => {
    const id = parseId(params.id);
    const invoice = db.invoices.find((i) => i.id === id);
    if (!invoice) return notFound();
    const body = await readJson(request);
    const amount = num(body.amount, NaN);
    if (!(amount > 0) || amount > invoice.balance + 0.001) return badRequest({ amount: 'invalid' });
    invoice.balance = Math.max(0, Math.round((invoice.balance - amount) * 100) / 100);
    invoice.invoiceStatus = invoice.balance === 0 ? 'Paid' : 'Partial Payment';
    return HttpResponse.json({ invoice });
  }),

  http.delete(`${base}/invoices/:id`, ({ params }) => {
    const id = parseId(params.id);
    const index = db.invoices.findIndex((i) => i.id === id);
    if (index < 0) return notFound();
    db.invoices.splice(index, 1);
    return new HttpResponse(null, { status: 204 });
  }),

  http.get(`${base}/clients`, () => HttpResponse.json(allClients())),

  http.post(`${base}/clients`, async ({ request }) => {
    const client = readClient(await readJson(request));
    if (!client || !/^\S+@\S+\.\S+$/.test(client.companyEmail))
      return badRequest({ client: 'invalid' });
    db.extraClients.unshift(client);
    return HttpResponse.json({ client }, { status: 201 });
  }),
];
