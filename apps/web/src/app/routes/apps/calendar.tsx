import { CalendarApp } from '@/features/calendar/components/calendar-app';

/** `/apps/calendar` */
export default function CalendarScreen() {
  return <CalendarApp />;
}
