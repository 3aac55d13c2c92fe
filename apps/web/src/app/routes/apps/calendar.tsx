import { CalendarApp } from '@/features/demo/calendar/components/calendar-app';

/** `/apps/calendar` */
export default function CalendarScreen() {
  return <CalendarApp />;
}
