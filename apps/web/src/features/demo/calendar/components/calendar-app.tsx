import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  SegmentedControl,
  Title,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@/lib/toast';
import { IconAlertCircle, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type {
  DatesSetArg,
  EventClickArg,
  EventDropArg,
  EventInput,
  LocaleInput,
} from '@fullcalendar/core';
import deLocale from '@fullcalendar/core/locales/de';
import frLocale from '@fullcalendar/core/locales/fr';
import ptLocale from '@fullcalendar/core/locales/pt';
import ruLocale from '@fullcalendar/core/locales/ru';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, {
  type DateClickArg,
  type EventResizeDoneArg,
} from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppSidebarLayout, AppSidebarToggle, useAppSidebar } from '@/components/app-sidebar-layout';
import { messageOf } from '@/lib/api-client';
import {
  useAddEvent,
  useCalendarEvents,
  useRemoveEvent,
  useUpdateEvent,
} from '../api/calendar-api';
import { calendarNames, type CalendarEvent, type CalendarName } from '../api/types';
import {
  calendarColors,
  movedDates,
  newEventValues,
  toEventInput,
  toFormValues,
  type EventFormValues,
} from '../lib/event-form';
import { CalendarSidebar } from './calendar-sidebar';
import { EventDrawer } from './event-drawer';
import classes from './calendar.module.css';

/** FullCalendar's own translations for our languages (English is built in). */
const fcLocales: Record<string, LocaleInput> = {
  de: deLocale,
  fr: frLocale,
  pt: ptLocale,
  ru: ruLocale,
};

const views = ['dayGridMonth', 'timeGridWeek', 'timeGridDay', 'listMonth'] as const;
type ViewName = (typeof views)[number];
const viewKeys: Record<ViewName, string> = {
  dayGridMonth: 'view.month',
  timeGridWeek: 'view.week',
  timeGridDay: 'view.day',
  listMonth: 'view.list',
};

function toFcEvent(e: CalendarEvent): EventInput {
  const color = calendarColors[e.extendedProps.calendar];
  return {
    id: String(e.id),
    title: e.title,
    start: e.start,
    end: e.end,
    allDay: e.allDay,
    backgroundColor: `var(--mantine-color-${color}-light)`,
    borderColor: `var(--mantine-color-${color}-filled)`,
    textColor: `var(--mantine-color-${color}-light-color)`,
    classNames: [classes.event ?? ''],
    extendedProps: { calendar: e.extendedProps.calendar },
  };
}

interface DrawerState {
  opened: boolean;
  eventId: number | null;
  initial: EventFormValues;
}

/** The calendar app: filters, FullCalendar views and the event drawer. */
export function CalendarApp() {
  const { t, i18n } = useTranslation('calendar');
  const sidebar = useAppSidebar();
  const phone = useMediaQuery('(max-width: 48em)');
  const calendarRef = useRef<FullCalendar>(null);
  const [selected, setSelected] = useState<CalendarName[]>([...calendarNames]);
  const [title, setTitle] = useState('');
  const [view, setView] = useState<ViewName>('dayGridMonth');
  const [drawer, setDrawer] = useState<DrawerState>({
    opened: false,
    eventId: null,
    initial: newEventValues(),
  });

  const query = useCalendarEvents(selected);
  const add = useAddEvent();
  const update = useUpdateEvent();
  const remove = useRemoveEvent();
  const events = useMemo(() => (query.data ?? []).map(toFcEvent), [query.data]);

  useEffect(() => {
    if (query.isError) {
      notifications.show({
        id: 'calendar-fetch-error',
        color: 'red',
        title: t('toast.fetchFailed'),
        message: messageOf(query.error),
      });
    }
  }, [query.isError, query.error, t]);

  const api = () => calendarRef.current?.getApi();
  const changeView = (v: ViewName) => {
    setView(v);
    api()?.changeView(v);
  };

  const openNew = (start?: { date: Date; allDay: boolean }) => {
    sidebar.close();
    setDrawer({ opened: true, eventId: null, initial: newEventValues(start) });
  };
  const openEdit = (id: number) => {
    const event = query.data?.find((e) => e.id === id);
    if (!event) return;
    setDrawer({ opened: true, eventId: id, initial: toFormValues(event) });
  };
  const closeDrawer = () => setDrawer((d) => ({ ...d, opened: false }));

  const fail = (title: string) => (err: unknown) =>
    notifications.show({ color: 'red', title, message: messageOf(err) });

  const submit = (values: EventFormValues) => {
    const input = toEventInput(values);
    if (drawer.eventId === null) {
      add.mutate(input, {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('toast.added') });
          closeDrawer();
        },
        onError: fail(t('toast.saveFailed')),
      });
    } else {
      update.mutate(
        { id: drawer.eventId, event: input },
        {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('toast.updated') });
            closeDrawer();
          },
          onError: fail(t('toast.saveFailed')),
        },
      );
    }
  };

  const removeCurrent = () => {
    if (drawer.eventId === null) return;
    remove.mutate(drawer.eventId, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('toast.removed') });
        closeDrawer();
      },
      onError: fail(t('toast.removeFailed')),
    });
  };

  // Drag and resize are saved at once; a failure puts the event back.
  const saveMove = (arg: EventDropArg | EventResizeDoneArg) => {
    const dates = movedDates(arg.event);
    update.mutate(
      { id: Number(arg.event.id), event: dates },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('toast.updated') }),
        onError: (err) => {
          arg.revert();
          fail(t('toast.saveFailed'))(err);
        },
      },
    );
  };

  const lang = i18n.language;
  return (
    <>
      <AppSidebarLayout
        sidebar={
          <CalendarSidebar selected={selected} onChange={setSelected} onAdd={() => openNew()} />
        }
        sidebarOpened={sidebar.opened}
        onSidebarClose={sidebar.close}
        sidebarLabel={t('calendars')}
        className={classes.app}
        data-testid="calendar-app"
      >
        <Group className={classes.toolbar} justify="space-between" gap="xs">
          <Group gap={4} wrap="nowrap">
            <AppSidebarToggle onClick={sidebar.open} label={t('openSidebar')} />
            <Tooltip label={t('previous')} withinPortal>
              <ActionIcon
                variant="default"
                onClick={() => api()?.prev()}
                aria-label={t('previous')}
                data-testid="calendar-prev"
              >
                <IconChevronLeft size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('next')} withinPortal>
              <ActionIcon
                variant="default"
                onClick={() => api()?.next()}
                aria-label={t('next')}
                data-testid="calendar-next"
              >
                <IconChevronRight size={18} />
              </ActionIcon>
            </Tooltip>
            <Button
              variant="default"
              size="xs"
              onClick={() => api()?.today()}
              className="hide-sm"
              data-testid="calendar-today"
            >
              {t('today')}
            </Button>
            <Title
              order={2}
              size="h4"
              fw={500}
              ml="xs"
              className={classes.title}
              data-testid="calendar-title"
            >
              {title}
            </Title>
            {query.isFetching && <Loader size="xs" ml="xs" />}
          </Group>
          <SegmentedControl
            size="xs"
            value={view}
            onChange={(v) => changeView(v as ViewName)}
            data={views.map((v) => ({ value: v, label: t(viewKeys[v]) }))}
            data-testid="calendar-views"
          />
        </Group>
        {query.isError && !query.data && (
          <Alert
            m="md"
            color="red"
            icon={<IconAlertCircle size={18} />}
            title={t('toast.fetchFailed')}
            data-testid="calendar-error"
          >
            {messageOf(query.error)}
          </Alert>
        )}
        <div className={classes.calendar} data-testid="calendar">
          <FullCalendar
            ref={calendarRef}
            plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
            initialView="dayGridMonth"
            headerToolbar={false}
            height="100%"
            locale={fcLocales[lang] ?? 'en'}
            events={events}
            editable
            eventResizableFromStart
            dayMaxEvents={2}
            navLinks
            navLinkDayClick={(date) => {
              setView('timeGridDay');
              api()?.changeView('timeGridDay', date);
            }}
            navLinkWeekClick={(date) => {
              setView('timeGridWeek');
              api()?.changeView('timeGridWeek', date);
            }}
            dayMaxEventRows={phone ? 1 : undefined}
            datesSet={(arg: DatesSetArg) => {
              // "ноябрь 2026 г." → "Ноябрь 2026 г.": only the first letter goes up (CSS
              // capitalize would make it "Ноябрь 2026 Г.").
              setTitle(arg.view.title.charAt(0).toLocaleUpperCase(lang) + arg.view.title.slice(1));
              setView(arg.view.type as ViewName);
            }}
            dateClick={(arg: DateClickArg) => openNew({ date: arg.date, allDay: arg.allDay })}
            eventClick={(arg: EventClickArg) => {
              arg.jsEvent.preventDefault();
              openEdit(Number(arg.event.id));
            }}
            eventDrop={saveMove}
            eventResize={saveMove}
          />
        </div>
      </AppSidebarLayout>
      <EventDrawer
        opened={drawer.opened}
        eventId={drawer.eventId}
        initial={drawer.initial}
        saving={add.isPending || update.isPending}
        removing={remove.isPending}
        onClose={closeDrawer}
        onSubmit={submit}
        onRemove={removeCurrent}
      />
    </>
  );
}
