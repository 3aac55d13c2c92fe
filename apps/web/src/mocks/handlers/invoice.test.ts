import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Invoice, InvoiceResponse, InvoicesResponse } from '@/features/demo/invoice/api/types';
import { invoiceDb, resetInvoice } from '../db/invoice';
import { server } from '../node';
import { strict } from '@/test/msw';

beforeAll(() => server.listen(strict));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => resetInvoice());

const url = (path: string) => new URL(path, location.origin);
async function call<T>(path: string, method = 'GET', body?: unknown) {
  const res = await fetch(url(path), {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}
const list = (q = '') => call<InvoicesResponse>(`/apps/invoice/invoices${q}`);
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

const newInvoice = {
  issuedDate: '2026-01-05',
  dueDate: '2026-02-05',
  client: {
    name: 'Ana Lima',
    company: 'Lima Ltd',
    companyEmail: 'ana@lima.example',
    address: '1 Main St',
    country: 'Brazil',
    contact: '555-0101',
  },
  items: [
    { name: 'App Design', description: 'UI', cost: 24, qty: 10, discount: 10, tax1: 10, tax2: 0 },
    { name: 'App Development', description: '', cost: 32, qty: 1, discount: 0, tax1: 0, tax2: 0 },
  ],
  salesperson: 'Ada Thorne',
  note: 'Thanks',
};

describe('seed data', () => {
  it('has 50 invoices 4987–5036 with the documented status mix and numeric balances', () => {
    const rows = invoiceDb.invoices;
    expect(rows).toHaveLength(50);
    expect(Math.min(...ids(rows))).toBe(4987);
    expect(Math.max(...ids(rows))).toBe(5036);
    const count = (s: string) => rows.filter((r) => r.invoiceStatus === s).length;
    expect([
      count('Paid'),
      count('Partial Payment'),
      count('Draft'),
      count('Downloaded'),
      count('Sent'),
      count('Past Due'),
    ]).toEqual([12, 11, 10, 8, 6, 3]);
    for (const r of rows) expect(typeof r.balance).toBe('number');
  });
});

describe('GET /apps/invoice/invoices', () => {
  it('defaults to 10 rows sorted by id ascending with the total', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.total).toBe(50);
    expect(ids(body.invoices)).toEqual([
      4987, 4988, 4989, 4990, 4991, 4992, 4993, 4994, 4995, 4996,
    ]);
  });

  it('parses sortDesc from the query string ("false" is false)', async () => {
    const desc = await list('?sortBy=id&sortDesc=true&perPage=3');
    expect(ids(desc.body.invoices)).toEqual([5036, 5035, 5034]);
    const asc = await list('?sortBy=id&sortDesc=false&perPage=3');
    expect(ids(asc.body.invoices)).toEqual([4987, 4988, 4989]);
  });

  it('sorts by total, balance and issued date', async () => {
    for (const key of ['total', 'balance', 'issuedDate'] as const) {
      const { body } = await list(`?sortBy=${key}&sortDesc=true&perPage=100`);
      const values = body.invoices.map((i) => i[key]);
      expect(values).toEqual([...values].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    }
  });

  it('leaves the order unchanged when sorting by the client object', async () => {
    const { body } = await list('?sortBy=client&perPage=5');
    expect(ids(body.invoices)).toEqual([4987, 4988, 4989, 4990, 4991]);
  });

  it('filters by exact status and counts after filtering', async () => {
    const { body } = await list('?status=Past%20Due&perPage=100');
    expect(body.total).toBe(3);
    expect(body.invoices.every((i) => i.invoiceStatus === 'Past Due')).toBe(true);
    expect((await list('?status=Paid')).body.total).toBe(12);
    expect((await list('?status=paid')).body.total).toBe(0);
  });

  it('searches client name and e-mail case-insensitively', async () => {
    const target = invoiceDb.invoices[3] as Invoice;
    const byName = await list(
      `?q=${encodeURIComponent(target.client.name.toUpperCase())}&perPage=100`,
    );
    expect(ids(byName.body.invoices)).toContain(target.id);
    expect(byName.body.invoices.every((i) => i.client.name === target.client.name)).toBe(true);
    const byEmail = await list(`?q=${encodeURIComponent(target.client.companyEmail)}`);
    expect(ids(byEmail.body.invoices)).toContain(target.id);
    expect((await list('?q=no-such-client')).body).toEqual({ invoices: [], total: 0 });
  });

  it('pages with the total of all matches', async () => {
    const p5 = await list('?perPage=10&page=5');
    expect(ids(p5.body.invoices)).toEqual([
      5027, 5028, 5029, 5030, 5031, 5032, 5033, 5034, 5035, 5036,
    ]);
    const p6 = await list('?perPage=10&page=6');
    expect(p6.body).toEqual({ invoices: [], total: 50 });
    const p2 = await list('?perPage=25&page=2');
    expect(p2.body.invoices).toHaveLength(25);
  });
});

describe('GET /apps/invoice/invoices/:id', () => {
  it('answers the invoice with payment details, or 404', async () => {
    const ok = await call<InvoiceResponse>('/apps/invoice/invoices/5000');
    expect(ok.status).toBe(200);
    expect(ok.body.invoice.id).toBe(5000);
    expect(ok.body.paymentDetails.bankName).toBe('American Bank');
    expect((await call('/apps/invoice/invoices/9999')).status).toBe(404);
    expect((await call('/apps/invoice/invoices/abc')).status).toBe(404);
  });
});

describe('writes', () => {
  it('creates an invoice with id max + 1 and computed total', async () => {
    const res = await call<{ invoice: Invoice }>('/apps/invoice/invoices', 'POST', newInvoice);
    expect(res.status).toBe(201);
    expect(res.body.invoice.id).toBe(5037);
    // 240 - 24 discount + 21.6 tax + 32
    expect(res.body.invoice.total).toBe(269.6);
    expect(res.body.invoice.balance).toBe(269.6);
    const found = await list('?q=ana%20lima');
    expect(ids(found.body.invoices)).toEqual([5037]);
  });

  it('rejects an invoice without client or items', async () => {
    const res = await call('/apps/invoice/invoices', 'POST', { ...newInvoice, items: [] });
    expect(res.status).toBe(400);
    expect(invoiceDb.invoices).toHaveLength(50);
  });

  it('updates an invoice and answers 404 for an unknown id', async () => {
    const res = await call<{ invoice: Invoice }>('/apps/invoice/invoices/4990', 'POST', {
      ...newInvoice,
      note: 'Updated',
    });
    expect(res.status).toBe(200);
    const read = await call<InvoiceResponse>('/apps/invoice/invoices/4990');
    expect(read.body.invoice.note).toBe('Updated');
    expect(read.body.invoice.client.name).toBe('Ana Lima');
    expect((await call('/apps/invoice/invoices/9999', 'POST', newInvoice)).status).toBe(404);
  });

  it('records a payment that reduces the balance', async () => {
    const open = invoiceDb.invoices.find((i) => i.balance > 10) as Invoice;
    const before = open.balance;
    const res = await call<{ invoice: Invoice }>(
      `/apps/invoice/invoices/${open.id}/payments`,
      'POST',
      { amount: 5, date: '2026-01-01', method: 'Cash', note: '' },
    );
    expect(res.status).toBe(200);
    expect(res.body.invoice.balance).toBeCloseTo(before - 5, 2);
    const tooMuch = await call(`/apps/invoice/invoices/${open.id}/payments`, 'POST', {
      amount: before * 10,
    });
    expect(tooMuch.status).toBe(400);
  });

  it('deletes an invoice', async () => {
    expect((await call('/apps/invoice/invoices/4987', 'DELETE')).status).toBe(204);
    expect((await call('/apps/invoice/invoices/4987')).status).toBe(404);
    expect((await list()).body.total).toBe(49);
  });

  it('adds a customer to the client list', async () => {
    const before = await call<unknown[]>('/apps/invoice/clients');
    const res = await call('/apps/invoice/clients', 'POST', newInvoice.client);
    expect(res.status).toBe(201);
    const after = await call<{ name: string }[]>('/apps/invoice/clients');
    expect(after.body).toHaveLength(before.body.length + 1);
    expect(after.body[0]?.name).toBe('Ana Lima');
    expect((await call('/apps/invoice/clients', 'POST', { name: 'X' })).status).toBe(400);
  });
});
