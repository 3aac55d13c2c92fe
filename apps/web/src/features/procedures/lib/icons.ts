import {
  IconArrowsShuffle,
  IconBolt,
  IconCalculator,
  IconCalendar,
  IconChartBar,
  IconCheck,
  IconCopy,
  IconDatabase,
  IconFileExport,
  IconLock,
  IconPlayerPlay,
  IconRefresh,
  IconSend,
  IconSum,
  IconTrash,
  type Icon,
} from '@tabler/icons-react';
import type { actionIcons } from '@fiscus/contracts';

/** The icon of an action's button, by the name the action keeps. */
export const actionIcon: Record<(typeof actionIcons)[number], Icon> = {
  bolt: IconBolt,
  'player-play': IconPlayerPlay,
  copy: IconCopy,
  calculator: IconCalculator,
  refresh: IconRefresh,
  trash: IconTrash,
  send: IconSend,
  check: IconCheck,
  lock: IconLock,
  calendar: IconCalendar,
  'chart-bar': IconChartBar,
  database: IconDatabase,
  'file-export': IconFileExport,
  'arrows-shuffle': IconArrowsShuffle,
  sum: IconSum,
};
