import { InvoicePreview } from '@/features/invoice/components/invoice-preview';

export default InvoicePreview;
