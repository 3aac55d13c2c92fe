import { InvoiceEdit } from '@/features/invoice/components/invoice-editor';

export default InvoiceEdit;
