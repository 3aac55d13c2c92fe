import type { FaqCategory, FaqCategoryKey } from '@/features/demo/pages/api/faq';

export const faqCategoryKeys: FaqCategoryKey[] = [
  'payment',
  'delivery',
  'cancellationReturn',
  'myOrders',
  'productServices',
];

/** FAQ of the demo (DEMO.md §12): 5 categories, 28 questions. */
export const faqData: Record<FaqCategoryKey, FaqCategory> = {
  payment: {
    icon: 'credit-card',
    title: 'Payment',
    subtitle: 'Which payment methods are accepted?',
    qandA: [
      {
        question: 'Does my subscription automatically renew?',
        ans: 'Yes. Subscriptions renew at the end of each billing period unless you cancel before the renewal date in Account Settings.',
      },
      {
        question: 'Can I store my credit card information?',
        ans: 'Card details are stored by our payment provider, never on our servers. You can replace or remove the card at any time.',
      },
      {
        question: 'What payment methods are accepted?',
        ans: 'We accept Visa, Mastercard, American Express, bank transfer (SEPA) and PayPal.',
      },
      {
        question: 'Can I pay annually instead of monthly?',
        ans: 'Yes. Annual billing is available on the Standard and Enterprise plans and saves about 20 %.',
      },
      {
        question: 'Do you send invoices for every payment?',
        ans: 'Every payment produces an invoice that is e-mailed to the billing contact and listed under Invoices.',
      },
      {
        question: 'Is VAT included in the prices?',
        ans: 'Prices are shown without VAT. VAT is added at checkout according to your billing country.',
      },
      {
        question: 'What happens if a payment fails?',
        ans: 'We retry the payment three times over seven days and notify you. Your data stays available during that period.',
      },
    ],
  },
  delivery: {
    icon: 'truck',
    title: 'Delivery',
    subtitle: 'How is the workspace delivered?',
    qandA: [
      {
        question: 'Where has my order reached?',
        ans: 'Open My Orders to follow each order step by step, from confirmation to delivery.',
      },
      {
        question: 'The shipment status shows delivered, but I have not received it.',
        ans: 'Please check with neighbours or the reception desk first, then contact support within 7 days so we can trace it.',
      },
      {
        question: 'Why is my order delivered in multiple shipments?',
        ans: 'Items that come from different warehouses are shipped separately so nothing waits for the slowest item.',
      },
      {
        question: 'Can I change the delivery address after ordering?',
        ans: 'Yes, as long as the order has not been handed to the carrier. Edit it from the order page.',
      },
      {
        question: 'Do you deliver on weekends?',
        ans: 'Saturday delivery is available in most cities for a small surcharge. We do not deliver on Sundays.',
      },
    ],
  },
  cancellationReturn: {
    icon: 'refresh',
    title: 'Cancellation & Return',
    subtitle: 'Changed your mind? Here is how to cancel or return.',
    qandA: [
      {
        question: 'Can I cancel my order?',
        ans: 'Orders can be cancelled free of charge until they are shipped. Open the order and choose Cancel.',
      },
      {
        question: 'How long do I have to return an item?',
        ans: 'You can return any item within 30 days of delivery in its original condition.',
      },
      {
        question: 'How do I return an item?',
        ans: 'Start a return from My Orders, print the prepaid label and drop the parcel at any carrier point.',
      },
      {
        question: 'When will I get my refund?',
        ans: 'Refunds are issued to the original payment method within 5 business days after we receive the item.',
      },
      {
        question: 'Can I exchange an item instead of returning it?',
        ans: 'Yes. Choose Exchange when starting the return and pick the replacement item.',
      },
      {
        question: 'Are return shipping costs refunded?',
        ans: 'Return shipping is free for defective or wrong items; otherwise a flat fee is deducted from the refund.',
      },
      {
        question: 'Can I cancel my subscription at any time?',
        ans: 'Yes. The subscription stays active until the end of the paid period and is not renewed afterwards.',
      },
    ],
  },
  myOrders: {
    icon: 'package',
    title: 'My Orders',
    subtitle: 'Order details, invoices and history.',
    qandA: [
      {
        question: 'Has my order been successful?',
        ans: 'You receive a confirmation e-mail as soon as the order is placed, and the order appears under My Orders.',
      },
      {
        question: 'My promotion code is not working, what can I do?',
        ans: 'Check the expiry date and the minimum order value of the code. If it still fails, contact support with the code.',
      },
      {
        question: 'How do I download the invoice of an order?',
        ans: 'Open the order and choose Download invoice. Invoices are available as PDF.',
      },
      {
        question: 'Can I add items to an order that is already placed?',
        ans: 'Items cannot be added to a placed order; place a second order instead — shipping is combined where possible.',
      },
      {
        question: 'How can I see my older orders?',
        ans: 'My Orders lists every order of the last five years; use the filter to narrow the list.',
      },
    ],
  },
  productServices: {
    icon: 'settings',
    title: 'Product & Services',
    subtitle: 'Warranty, support and services.',
    qandA: [
      {
        question: 'Will I be notified once my order has shipped?',
        ans: 'Yes, we send an e-mail with the tracking link when the carrier picks up the parcel.',
      },
      {
        question: 'Where can I find the warranty details?',
        ans: 'Warranty details are on each product page and in the documents included in the box.',
      },
      {
        question: 'Do you offer installation services?',
        ans: 'Installation is available for selected products in most regions; choose it at checkout.',
      },
      {
        question: 'How do I contact support?',
        ans: 'Write to support or call us on weekdays from 9:00 to 18:00. Enterprise customers have a dedicated line.',
      },
    ],
  },
};

/** FAQ answer for a query: case-insensitive substring on the question; empty categories omitted. */
export function searchFaq(q: string): Partial<Record<FaqCategoryKey, FaqCategory>> {
  const query = q.trim().toLowerCase();
  const result: Partial<Record<FaqCategoryKey, FaqCategory>> = {};
  for (const key of faqCategoryKeys) {
    const category = faqData[key];
    const qandA = query
      ? category.qandA.filter((e) => e.question.toLowerCase().includes(query))
      : category.qandA;
    if (qandA.length) result[key] = { ...category, qandA };
  }
  return result;
}
