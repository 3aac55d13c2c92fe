import { InvoicePreview } from '@/features/demo/invoice/components/invoice-preview';

export default InvoicePreview;
