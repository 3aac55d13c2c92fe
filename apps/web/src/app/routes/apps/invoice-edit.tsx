import { InvoiceEdit } from '@/features/demo/invoice/components/invoice-editor';

export default InvoiceEdit;
