import { InvoiceAdd } from '@/features/invoice/components/invoice-editor';

export default InvoiceAdd;
