import { InvoiceList } from '@/features/invoice/components/invoice-list';
import { UserView } from '@/features/users/components/user-view';

export default function Screen() {
  return <UserView invoices={(user) => <InvoiceList key={user.id} clientName={user.fullName} />} />;
}
