import { InvoiceAdd } from '@/features/demo/invoice/components/invoice-editor';

export default InvoiceAdd;
