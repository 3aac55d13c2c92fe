import type { TaskTag } from '../api/types';

/** Colour of each tag: team = primary, low = success, medium = warning, high = danger, update = info. */
export const TAG_COLORS: Record<TaskTag, string> = {
  team: 'brand',
  low: 'green',
  medium: 'orange',
  high: 'red',
  update: 'cyan',
};

/** Base path of the todo screens (seed: `/fiscus/todo`). */
export const TODO_BASE = '/fiscus/todo';
