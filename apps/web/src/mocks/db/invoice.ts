import {
  catalogue,
  invoiceTotals,
  type Client,
  type Invoice,
  type InvoiceItem,
  type InvoiceStatus,
  type PaymentDetails,
} from '@/features/demo/invoice/api/types';

const firstNames = [
  'Jordan',
  'Stephanie',
  'Tony',
  'Kristine',
  'Dana',
  'Laura',
  'Charles',
  'Alicia',
  'Bruce',
  'Megan',
  'Victor',
  'Nadia',
  'Oscar',
  'Priya',
  'Quentin',
  'Rosa',
  'Samuel',
  'Tara',
  'Ulrich',
  'Vera',
  'Walter',
  'Xenia',
  'Yusuf',
  'Zoe',
  'Andrew',
];
const lastNames = ['Stevenson', 'Burns', 'Herrera', 'Mills', 'Carver', 'Hughes', 'Nolan', 'Price'];
const companies = [
  'Hall-Robbins',
  'Mccann LLC',
  'Leblanc Ltd',
  'Hunt Group',
  'Carver and Sons',
  'Blue Harbor',
  'Northwind',
  'Silverline',
  'Oakridge',
  'Brightpath',
];
const countries = ['USA', 'Haiti', 'Denmark', 'Germany', 'France', 'Brazil', 'Canada', 'Portugal'];
const services = [
  'Software Development',
  'UI/UX Design & Development',
  'Unlimited Extended License',
  'Template Customization',
];
const salespeople = ['Tommy Shelby', 'Ada Thorne', 'Marcus Lee'];

/** Status of each seed invoice: Paid 12, Partial Payment 11, Draft 10, Downloaded 8, Sent 6, Past Due 3. */
const statusCycle: InvoiceStatus[] = (() => {
  const counts: [InvoiceStatus, number][] = [
    ['Paid', 12],
    ['Partial Payment', 11],
    ['Draft', 10],
    ['Downloaded', 8],
    ['Sent', 6],
    ['Past Due', 3],
  ];
  const pool = counts.flatMap(([s, n]) => Array.from({ length: n }, () => s));
  // Deterministic interleave so statuses are spread over the id range.
  const out: InvoiceStatus[] = [];
  for (let i = 0; i < pool.length; i++) out.push(pool[(i * 17) % pool.length] as InvoiceStatus);
  return out;
})();

const iso = (d: Date) => d.toISOString().slice(0, 10);

function seedInvoice(index: number): Invoice {
  const id = 4987 + index;
  const first = firstNames[index % firstNames.length] ?? 'Jordan';
  const last = lastNames[(index * 3) % lastNames.length] ?? 'Mills';
  const company = companies[index % companies.length] ?? 'Northwind';
  const client: Client = {
    name: `${first} ${last}`,
    company,
    companyEmail: `${first.toLowerCase()}.${last.toLowerCase()}@${company.toLowerCase().replace(/[^a-z]/g, '')}.com`,
    address: `${100 + index * 7} ${['Oak', 'Pine', 'Maple', 'Cedar'][index % 4]} Street`,
    country: countries[index % countries.length] ?? 'USA',
    contact: `(${200 + index}) ${String(5550000 + index * 131).slice(0, 3)}-${String(1000 + index * 37).slice(-4)}`,
  };
  const product = catalogue[index % catalogue.length] ?? catalogue[0];
  const items: InvoiceItem[] = [
    {
      name: product.name,
      description: product.description,
      cost: product.cost,
      qty: 5 + ((index * 7) % 60),
      discount: index % 3 === 0 ? 10 : 0,
      tax1: [0, 10, 14, 18][index % 4] ?? 0,
      tax2: 0,
    },
  ];
  const { total } = invoiceTotals(items);
  const status = statusCycle[index] ?? 'Draft';
  const issued = new Date(Date.UTC(2025, index % 12, 1 + ((index * 5) % 27)));
  const due = new Date(issued.getTime() + 30 * 86_400_000);
  const balance =
    status === 'Partial Payment'
      ? Math.round(total * 0.4 * 100) / 100
      : status === 'Past Due' || (status === 'Draft' && index % 3 === 0)
        ? total
        : 0;
  return {
    id,
    issuedDate: iso(issued),
    dueDate: iso(due),
    client,
    service: services[index % services.length] ?? 'Software Development',
    total,
    avatar: '',
    invoiceStatus: status,
    balance,
    items,
    salesperson: salespeople[index % salespeople.length] ?? 'Tommy Shelby',
    note: 'It was a pleasure working with you. We hope you will keep us in mind for future projects. Thank you!',
  };
}

export const paymentDetails: PaymentDetails = {
  totalDue: '$12,110.55',
  bankName: 'American Bank',
  country: 'United States',
  iban: 'ETD95476213874685',
  swiftCode: 'BR91905',
};

export const invoiceDb: { invoices: Invoice[]; extraClients: Client[] } = {
  invoices: [],
  extraClients: [],
};

/** Restores the 50 seed invoices (ids 4987–5036) and drops added customers. */
export function resetInvoice(): void {
  invoiceDb.invoices = Array.from({ length: 50 }, (_, i) => seedInvoice(i));
  invoiceDb.extraClients = [];
}

resetInvoice();
