import { InvoiceList } from '@/features/demo/invoice/components/invoice-list';

export default InvoiceList;
