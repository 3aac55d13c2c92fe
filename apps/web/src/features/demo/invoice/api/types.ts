export const invoiceStatuses = [
  'Paid',
  'Partial Payment',
  'Draft',
  'Downloaded',
  'Sent',
  'Past Due',
] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

export interface Client {
  name: string;
  company: string;
  companyEmail: string;
  address: string;
  country: string;
  contact: string;
}

export interface InvoiceItem {
  name: string;
  description: string;
  cost: number;
  qty: number;
  /** Percent. */
  discount: number;
  /** Percent. */
  tax1: number;
  /** Percent. */
  tax2: number;
}

export interface Invoice {
  id: number;
  /** ISO date (YYYY-MM-DD). */
  issuedDate: string;
  /** ISO date (YYYY-MM-DD). */
  dueDate: string;
  client: Client;
  service: string;
  total: number;
  avatar: string;
  invoiceStatus: InvoiceStatus;
  /** Amount still due; 0 when fully paid. */
  balance: number;
  items: InvoiceItem[];
  salesperson: string;
  note: string;
}

export interface PaymentDetails {
  totalDue: string;
  bankName: string;
  country: string;
  iban: string;
  swiftCode: string;
}

export interface InvoicesResponse {
  invoices: Invoice[];
  total: number;
}

export interface InvoiceResponse {
  invoice: Invoice;
  paymentDetails: PaymentDetails;
}

export type InvoiceInput = Omit<Invoice, 'id' | 'total' | 'balance' | 'invoiceStatus' | 'avatar'> &
  Partial<Pick<Invoice, 'invoiceStatus' | 'avatar'>>;

export interface PaymentInput {
  amount: number;
  date: string;
  method: string;
  note: string;
}

export const catalogue = [
  { name: 'App Design', cost: 24, description: 'Designed UI kit & app pages.' },
  { name: 'App Customization', cost: 26, description: 'Customization & bug fixes.' },
  { name: 'ABC Template', cost: 28, description: 'Vue + Laravel admin template.' },
  { name: 'App Development', cost: 32, description: 'Native app development.' },
] as const;

export const taxRates = [0, 1, 10, 14, 18] as const;

/** Price of one row before discount and taxes. */
export const rowPrice = (i: Pick<InvoiceItem, 'cost' | 'qty'>) => i.cost * i.qty;

/** Subtotal, discount, tax and total of a list of rows, rounded to cents. */
export function invoiceTotals(items: readonly InvoiceItem[]) {
  let subtotal = 0;
  let discount = 0;
  let tax = 0;
  for (const i of items) {
    const price = rowPrice(i);
    const d = (price * i.discount) / 100;
    subtotal += price;
    discount += d;
    tax += ((price - d) * (i.tax1 + i.tax2)) / 100;
  }
  const r = (n: number) => Math.round(n * 100) / 100;
  return {
    subtotal: r(subtotal),
    discount: r(discount),
    tax: r(tax),
    total: r(subtotal - discount + tax),
  };
}
