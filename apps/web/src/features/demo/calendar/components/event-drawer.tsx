import {
  ActionIcon,
  Box,
  Button,
  ColorSwatch,
  Drawer,
  Group,
  MultiSelect,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { DatePickerInput, DatesProvider, DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconExternalLink, IconTrash } from '@tabler/icons-react';
import 'dayjs/locale/de';
import 'dayjs/locale/fr';
import 'dayjs/locale/pt';
import 'dayjs/locale/ru';
import { useTranslation } from 'react-i18next';
import { calendarGuests, calendarNames, type CalendarName } from '../api/types';
import {
  calendarColors,
  isValidUrl,
  switchAllDay,
  validateEvent,
  type EventFormValues,
} from '../lib/event-form';

export interface EventDrawerProps {
  opened: boolean;
  /** Id of the event being edited; null when adding. */
  eventId: number | null;
  initial: EventFormValues;
  saving: boolean;
  removing: boolean;
  onClose: () => void;
  onSubmit: (values: EventFormValues) => void;
  onRemove: () => void;
}

/** "Add Event" / "Update Event" drawer. */
export function EventDrawer(props: EventDrawerProps) {
  const { t } = useTranslation('calendar');
  const phone = useMediaQuery('(max-width: 48em)');
  const editing = props.eventId !== null;
  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      position="right"
      size={phone ? '100%' : 420}
      title={
        <Text fw={600} size="lg">
          {editing ? t('updateEvent') : t('addEvent')}
        </Text>
      }
      closeButtonProps={{ 'aria-label': t('close') }}
      data-testid="calendar-drawer"
    >
      {props.opened && <EventForm key={props.eventId ?? 'new'} {...props} />}
    </Drawer>
  );
}

function EventForm({ eventId, initial, saving, removing, onSubmit, onRemove }: EventDrawerProps) {
  const { t, i18n } = useTranslation('calendar');
  const form = useForm<EventFormValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: (values) => {
      const keys = validateEvent(values);
      return Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, v ? t(v) : null]));
    },
  });
  const values = form.getValues();
  const editing = eventId !== null;

  return (
    <DatesProvider
      settings={{ locale: i18n.language, firstDayOfWeek: i18n.language === 'en' ? 0 : 1 }}
    >
      <form onSubmit={form.onSubmit(onSubmit)} noValidate data-testid="calendar-form">
        <Stack gap="sm">
          <TextInput
            label={t('field.title')}
            required
            maxLength={120}
            data-autofocus
            {...form.getInputProps('title')}
            data-testid="event-title"
          />
          <Select
            label={t('field.calendar')}
            required
            placeholder={t('field.calendarPlaceholder')}
            data={calendarNames.map((n) => ({ value: n, label: t(`calendar.${n}`) }))}
            renderOption={({ option }) => (
              <Group gap="xs">
                <ColorSwatch
                  size={10}
                  color={`var(--mantine-color-${calendarColors[option.value as CalendarName]}-6)`}
                />
                {option.label}
              </Group>
            )}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('calendar')}
            data-testid="event-calendar"
          />
          {values.allDay ? (
            <>
              <DatePickerInput
                label={t('field.start')}
                required
                valueFormat="D MMM YYYY"
                {...form.getInputProps('start')}
                data-testid="event-start"
              />
              <DatePickerInput
                label={t('field.end')}
                required
                valueFormat="D MMM YYYY"
                minDate={values.start ?? undefined}
                {...form.getInputProps('end')}
                data-testid="event-end"
              />
            </>
          ) : (
            <>
              <DateTimePicker
                label={t('field.start')}
                required
                valueFormat="D MMM YYYY HH:mm"
                {...form.getInputProps('start')}
                data-testid="event-start"
              />
              <DateTimePicker
                label={t('field.end')}
                required
                valueFormat="D MMM YYYY HH:mm"
                {...form.getInputProps('end')}
                data-testid="event-end"
              />
            </>
          )}
          <Switch
            label={t('field.allDay')}
            checked={values.allDay}
            onChange={(e) => {
              const allDay = e.currentTarget.checked;
              form.setValues({ allDay, ...switchAllDay(form.getValues(), allDay) });
            }}
            data-testid="event-all-day"
          />
          <TextInput
            label={t('field.url')}
            type="url"
            placeholder="https://www.example.com"
            rightSection={
              isValidUrl(values.url.trim()) ? (
                <ActionIcon
                  component="a"
                  href={values.url.trim()}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="subtle"
                  aria-label={t('openUrl')}
                >
                  <IconExternalLink size={16} />
                </ActionIcon>
              ) : null
            }
            {...form.getInputProps('url')}
            data-testid="event-url"
          />
          <MultiSelect
            label={t('field.guests')}
            placeholder={values.guests.length ? undefined : t('field.guestsPlaceholder')}
            data={[...calendarGuests]}
            searchable
            nothingFoundMessage={t('field.nobody')}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('guests')}
            data-testid="event-guests"
          />
          <TextInput
            label={t('field.location')}
            maxLength={120}
            {...form.getInputProps('location')}
            data-testid="event-location"
          />
          <Textarea
            label={t('field.description')}
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('description')}
            data-testid="event-description"
          />
          <Group justify="space-between" mt="sm">
            <Group gap="sm">
              <Button type="submit" loading={saving} data-testid="event-submit">
                {editing ? t('update') : t('add')}
              </Button>
              <Button variant="default" onClick={() => form.reset()} data-testid="event-reset">
                {t('reset')}
              </Button>
            </Group>
            {editing && (
              <Tooltip label={t('removeEvent')} withinPortal>
                <ActionIcon
                  variant="light"
                  color="red"
                  size="lg"
                  loading={removing}
                  onClick={onRemove}
                  aria-label={t('removeEvent')}
                  data-testid="event-remove"
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
          <Box />
        </Stack>
      </form>
    </DatesProvider>
  );
}
