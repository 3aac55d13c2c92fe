import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { demoApi } from '@/lib/demo-client';
import type { CalendarEvent, CalendarEventInput, CalendarEventPatch, CalendarName } from './types';

export const calendarKeys = {
  all: ['calendar'] as const,
  events: (calendars: CalendarName[]) => ['calendar', 'events', [...calendars].sort()] as const,
};

export async function fetchEvents(calendars: CalendarName[]): Promise<CalendarEvent[]> {
  const { data } = await demoApi.get<CalendarEvent[]>('/apps/calendar/events', {
    params: { calendars: calendars.join(',') },
  });
  return data;
}

/** Events of the selected calendars (none selected: none shown). */
export function useCalendarEvents(calendars: CalendarName[]) {
  return useQuery({
    queryKey: calendarKeys.events(calendars),
    queryFn: () => fetchEvents(calendars),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAddEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (event: CalendarEventInput) => {
      const { data } = await demoApi.post<{ event: CalendarEvent }>('/apps/calendar/events', {
        event,
      });
      return data.event;
    },
    onSettled: () => client.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}

export function useUpdateEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, event }: { id: number; event: CalendarEventPatch }) => {
      const { data } = await demoApi.post<{ event: CalendarEvent }>(`/apps/calendar/events/${id}`, {
        event,
      });
      return data.event;
    },
    onSettled: () => client.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}

export function useRemoveEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await demoApi.delete(`/apps/calendar/events/${id}`);
      return id;
    },
    onSettled: () => client.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}
