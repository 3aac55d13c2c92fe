import { NumberInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSetCartQty } from '../api/queries';
import { maxQty } from '../lib/pricing';

/** Quantity of a cart line (1–10), saved on every change. */
export function QtyStepper({
  productId,
  name,
  qty,
  size = 'xs',
}: {
  productId: number;
  name: string;
  qty: number;
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation('ecommerce');
  const setQty = useSetCartQty();
  return (
    <NumberInput
      size={size}
      w={size === 'xs' ? 76 : 96}
      min={1}
      max={maxQty}
      clampBehavior="strict"
      allowDecimal={false}
      allowNegative={false}
      value={qty}
      aria-label={t('cart.qtyOf', { name })}
      onChange={(v) => {
        const n = typeof v === 'number' ? v : Number(v);
        if (Number.isInteger(n) && n >= 1 && n <= maxQty && n !== qty) {
          setQty.mutate({ productId, qty: n });
        }
      }}
    />
  );
}
