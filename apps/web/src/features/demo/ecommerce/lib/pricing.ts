import type { PriceSummary } from '../api/types';

/** Delivery charge of a line whose product does not ship free. */
export const deliveryChargePerLine = 4.99;
/** Largest quantity of one product per order. */
export const maxQty = 10;

export interface PricedLine {
  price: number;
  qty: number;
  discountPercentage: number;
  hasFreeShipping: boolean;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Price details of a cart or an order: subtotal, line discounts, delivery and total. */
export function priceSummary(lines: PricedLine[]): PriceSummary {
  let subtotal = 0;
  let discount = 0;
  let delivery = 0;
  let itemCount = 0;
  for (const l of lines) {
    const amount = l.price * l.qty;
    subtotal += amount;
    discount += (amount * l.discountPercentage) / 100;
    if (!l.hasFreeShipping) delivery += deliveryChargePerLine;
    itemCount += l.qty;
  }
  subtotal = round2(subtotal);
  discount = round2(discount);
  delivery = round2(delivery);
  return { itemCount, subtotal, discount, delivery, total: round2(subtotal - discount + delivery) };
}
