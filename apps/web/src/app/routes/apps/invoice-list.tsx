import { InvoiceList } from '@/features/invoice/components/invoice-list';

export default InvoiceList;
