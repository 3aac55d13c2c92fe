import { Avatar, Badge, Tooltip } from '@mantine/core';
import {
  IconArrowDown,
  IconCheck,
  IconChartPie,
  IconDeviceFloppy,
  IconInfoCircle,
  IconSend,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invoice, InvoiceStatus } from '../api/types';

export const statusMeta: Record<
  InvoiceStatus,
  { color: string; icon: ComponentType<{ size?: number }> }
> = {
  'Partial Payment': { color: 'yellow', icon: IconChartPie },
  Paid: { color: 'green', icon: IconCheck },
  Downloaded: { color: 'cyan', icon: IconArrowDown },
  Draft: { color: 'brand', icon: IconDeviceFloppy },
  Sent: { color: 'gray', icon: IconSend },
  'Past Due': { color: 'red', icon: IconInfoCircle },
};

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((p) => p[0]?.toUpperCase())
    .join('')
    .slice(0, 2);

/** Money and date formatting in the current language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lng = i18n.language || 'en';
  const money = (n: number) =>
    new Intl.NumberFormat(lng, { style: 'currency', currency: 'USD' }).format(n);
  const date = (iso: string) => {
    const d = new Date(`${iso}T12:00:00Z`);
    return Number.isNaN(d.getTime())
      ? iso
      : new Intl.DateTimeFormat(lng, { day: '2-digit', month: 'short', year: 'numeric' }).format(d);
  };
  return { money, date };
}

export function StatusIcon({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('invoice');
  const { money, date } = useFormat();
  const meta = statusMeta[invoice.invoiceStatus];
  const Icon = meta.icon;
  return (
    <Tooltip
      multiline
      label={
        <>
          {t(`status.${invoice.invoiceStatus}`)}
          <br />
          {t('list.balance')}: {money(invoice.balance)}
          <br />
          {t('dueDate')}: {date(invoice.dueDate)}
        </>
      }
    >
      <Avatar
        size="sm"
        radius="xl"
        color={meta.color}
        variant="light"
        aria-label={t(`status.${invoice.invoiceStatus}`)}
        data-status={invoice.invoiceStatus}
      >
        <Icon size={16} />
      </Avatar>
    </Tooltip>
  );
}

export function StatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation('invoice');
  return (
    <Badge variant="light" color={statusMeta[status].color}>
      {t(`status.${status}`)}
    </Badge>
  );
}
