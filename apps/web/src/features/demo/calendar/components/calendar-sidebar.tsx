import { Box, Button, Checkbox, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { calendarNames, type CalendarName } from '../api/types';
import { calendarColors } from '../lib/event-form';

export interface CalendarSidebarProps {
  selected: CalendarName[];
  onChange: (selected: CalendarName[]) => void;
  onAdd: () => void;
}

/** "Add Event" and the calendar filters ("View All" plus one checkbox per calendar). */
export function CalendarSidebar({ selected, onChange, onAdd }: CalendarSidebarProps) {
  const { t } = useTranslation('calendar');
  const all = selected.length === calendarNames.length;
  return (
    <Stack gap="lg" p="md">
      <Button leftSection={<IconPlus size={16} />} onClick={onAdd} data-testid="calendar-add">
        {t('addEvent')}
      </Button>
      <Box>
        <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb="sm" id="calendar-filters">
          {t('calendars')}
        </Text>
        <Stack gap="sm" role="group" aria-labelledby="calendar-filters">
          <Checkbox
            label={t('viewAll')}
            checked={all}
            indeterminate={!all && selected.length > 0}
            onChange={() => onChange(all ? [] : [...calendarNames])}
            data-testid="calendar-filter-all"
          />
          {calendarNames.map((name) => (
            <Checkbox
              key={name}
              label={t(`calendar.${name}`)}
              color={calendarColors[name]}
              checked={selected.includes(name)}
              onChange={(e) =>
                onChange(
                  e.currentTarget.checked
                    ? calendarNames.filter((n) => n === name || selected.includes(n))
                    : selected.filter((n) => n !== name),
                )
              }
              data-testid={`calendar-filter-${name}`}
            />
          ))}
        </Stack>
      </Box>
    </Stack>
  );
}
