import { InvoiceList } from '@/features/demo/invoice/components/invoice-list';
import { UserView } from '@/features/demo/users/components/user-view';

export default function Screen() {
  return <UserView invoices={(user) => <InvoiceList key={user.id} clientName={user.fullName} />} />;
}
