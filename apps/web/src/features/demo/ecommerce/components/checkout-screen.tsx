import { Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCreditCard, IconHome, IconShoppingCart, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCart, usePlaceOrder } from '../api/queries';
import type { Address, Order } from '../api/types';
import { priceSummary } from '../lib/pricing';
import { CheckoutAddressStep, emptyAddress } from './checkout-address-step';
import { CheckoutCartStep } from './checkout-cart-step';
import { CheckoutConfirmation } from './checkout-confirmation';
import { CheckoutPaymentStep } from './checkout-payment-step';
import { ErrorState, LoadingState } from './product-bits';

/** Checkout wizard: cart → address → payment → confirmation; the order is placed in the mock. */
export function CheckoutScreen() {
  const { t } = useTranslation('ecommerce');
  const phone = useMediaQuery('(max-width: 36em)');
  const cart = useCart();
  const place = usePlaceOrder();
  const [step, setStep] = useState(0);
  const [address, setAddress] = useState<Address>(emptyAddress);
  const [order, setOrder] = useState<Order | null>(null);
  const lines = cart.data ?? [];
  const summary = priceSummary(lines);
  const hasItems = lines.length > 0;

  const placeError = (() => {
    if (!place.error) return null;
    const code = (place.error as { response?: { data?: { error?: { code?: string } } } }).response
      ?.data?.error?.code;
    return code === 'CART_EMPTY' ? t('errors.cartEmpty') : t('errors.placeOrder');
  })();

  const body = () => {
    if (order) return <CheckoutConfirmation order={order} />;
    if (cart.isPending) return <LoadingState />;
    if (cart.isError) return <ErrorState onRetry={() => void cart.refetch()} />;
    if (step === 0 || !hasItems)
      return <CheckoutCartStep lines={lines} onNext={() => setStep(1)} />;
    if (step === 1) {
      return (
        <CheckoutAddressStep
          initial={address}
          summary={summary}
          onBack={() => setStep(0)}
          onNext={(a) => {
            setAddress(a);
            setStep(2);
          }}
        />
      );
    }
    return (
      <CheckoutPaymentStep
        summary={summary}
        address={address}
        pending={place.isPending}
        error={placeError}
        onBack={() => setStep(1)}
        onPay={(payment) =>
          place.mutate(
            { address, payment },
            {
              onSuccess: (o) => {
                setOrder(o);
                setStep(3);
                window.scrollTo({ top: 0 });
              },
            },
          )
        }
      />
    );
  };

  const steps = [
    {
      label: t('checkout.steps.cart'),
      description: t('checkout.steps.cartText'),
      icon: IconShoppingCart,
    },
    {
      label: t('checkout.steps.address'),
      description: t('checkout.steps.addressText'),
      icon: IconHome,
    },
    {
      label: t('checkout.steps.payment'),
      description: t('checkout.steps.paymentText'),
      icon: IconCreditCard,
    },
    {
      label: t('checkout.steps.confirmation'),
      description: t('checkout.steps.confirmationText'),
      icon: IconCircleCheck,
    },
  ];
  const active = order ? steps.length : hasItems ? step : 0;

  return (
    <Stepper
      active={active}
      onStepClick={(i) => {
        if (!order && i < active) setStep(i);
      }}
      allowNextStepsSelect={false}
      size={phone ? 'xs' : 'sm'}
      data-testid="checkout"
      styles={{ content: { paddingTop: 'var(--mantine-spacing-lg)' } }}
    >
      {steps.map((s, i) => (
        <Stepper.Step
          key={s.label}
          label={phone && i !== active ? undefined : s.label}
          description={phone ? undefined : s.description}
          icon={<s.icon size={18} />}
          allowStepSelect={!order && i < active}
        >
          {i === active && body()}
        </Stepper.Step>
      ))}
      <Stepper.Completed>{body()}</Stepper.Completed>
    </Stepper>
  );
}
