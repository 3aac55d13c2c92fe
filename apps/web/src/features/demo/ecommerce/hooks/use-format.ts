import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Money and date formatting in the interface language (prices are in US dollars). */
export function useFormat() {
  const { i18n } = useTranslation();
  const lng = i18n.language || 'en';
  return useMemo(() => {
    const currency = new Intl.NumberFormat(lng, { style: 'currency', currency: 'USD' });
    const date = new Intl.DateTimeFormat(lng, { weekday: 'short', day: 'numeric', month: 'short' });
    const longDate = new Intl.DateTimeFormat(lng, { dateStyle: 'long' });
    const parse = (iso: string) => new Date(iso.length === 10 ? `${iso}T12:00:00` : iso);
    return {
      money: (n: number) => currency.format(n),
      date: (iso: string) => date.format(parse(iso)),
      longDate: (iso: string) => longDate.format(parse(iso)),
    };
  }, [lng]);
}
