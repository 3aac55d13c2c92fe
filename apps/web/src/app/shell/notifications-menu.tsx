import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Divider,
  Group,
  Indicator,
  Menu,
  ScrollArea,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconBell, IconCheck, IconChartLine } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Item {
  id: number;
  title: string;
  text: string;
  color: string;
  kind: 'message' | 'system';
  initials?: string;
}

/** Notifications dropdown: messages and system notices, read-all. */
export function NotificationsMenu() {
  const { t } = useTranslation('common');
  const initial: Item[] = [
    {
      id: 1,
      kind: 'message',
      title: t('notif.welcomeTitle'),
      text: t('notif.welcomeText'),
      color: 'brand',
      initials: 'F',
    },
    {
      id: 2,
      kind: 'message',
      title: t('notif.importTitle'),
      text: t('notif.importText'),
      color: 'teal',
      initials: 'IM',
    },
    {
      id: 3,
      kind: 'message',
      title: t('notif.reportTitle'),
      text: t('notif.reportText'),
      color: 'grape',
      initials: 'RP',
    },
    {
      id: 4,
      kind: 'system',
      title: t('notif.serverTitle'),
      text: t('notif.serverText'),
      color: 'red',
    },
    {
      id: 5,
      kind: 'system',
      title: t('notif.budgetTitle'),
      text: t('notif.budgetText'),
      color: 'green',
    },
    {
      id: 6,
      kind: 'system',
      title: t('notif.usageTitle'),
      text: t('notif.usageText'),
      color: 'yellow',
    },
  ];
  const [unread, setUnread] = useState<Set<number>>(() => new Set(initial.map((i) => i.id)));
  const [system, setSystem] = useState(true);
  const items = initial.filter((i) => system || i.kind === 'message');
  const icon = (i: Item) =>
    i.color === 'red' ? (
      <IconAlertTriangle size={16} />
    ) : i.color === 'green' ? (
      <IconCheck size={16} />
    ) : (
      <IconChartLine size={16} />
    );
  return (
    <Menu position="bottom-end" shadow="lg" width={340} withinPortal closeOnItemClick={false}>
      <Menu.Target>
        <Indicator
          label={unread.size || undefined}
          disabled={!unread.size}
          size={16}
          color="red"
          offset={6}
        >
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('notifications')}>
            <IconBell size={20} />
          </ActionIcon>
        </Indicator>
      </Menu.Target>
      <Menu.Dropdown p={0}>
        <Group justify="space-between" p="sm">
          <Text fw={600}>{t('notifications')}</Text>
          {unread.size > 0 && (
            <Badge variant="light">{t('notif.new', { count: unread.size })}</Badge>
          )}
        </Group>
        <Divider />
        <ScrollArea.Autosize mah={360}>
          <Stack gap={0}>
            {items
              .filter((i) => i.kind === 'message')
              .map((i) => (
                <Group
                  key={i.id}
                  wrap="nowrap"
                  p="sm"
                  gap="sm"
                  onClick={() =>
                    setUnread((s) => {
                      const n = new Set(s);
                      n.delete(i.id);
                      return n;
                    })
                  }
                  style={{ cursor: 'pointer', opacity: unread.has(i.id) ? 1 : 0.65 }}
                >
                  <Avatar color={i.color} radius="xl">
                    {i.initials}
                  </Avatar>
                  <div>
                    <Text size="sm" fw={600}>
                      {i.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {i.text}
                    </Text>
                  </div>
                </Group>
              ))}
            <Group justify="space-between" px="sm" py="xs">
              <Text size="sm" fw={600}>
                {t('notif.system')}
              </Text>
              <Switch
                size="xs"
                checked={system}
                onChange={(e) => setSystem(e.currentTarget.checked)}
                aria-label={t('notif.system')}
              />
            </Group>
            {items
              .filter((i) => i.kind === 'system')
              .map((i) => (
                <Group
                  key={i.id}
                  wrap="nowrap"
                  p="sm"
                  gap="sm"
                  onClick={() =>
                    setUnread((s) => {
                      const n = new Set(s);
                      n.delete(i.id);
                      return n;
                    })
                  }
                  style={{ cursor: 'pointer', opacity: unread.has(i.id) ? 1 : 0.65 }}
                >
                  <Avatar color={i.color} variant="light" radius="xl">
                    {icon(i)}
                  </Avatar>
                  <div>
                    <Text size="sm" fw={600}>
                      {i.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {i.text}
                    </Text>
                  </div>
                </Group>
              ))}
          </Stack>
        </ScrollArea.Autosize>
        <Divider />
        <Button
          fullWidth
          radius={0}
          variant="subtle"
          onClick={() => setUnread(new Set())}
          disabled={!unread.size}
        >
          {t('notif.readAll')}
        </Button>
      </Menu.Dropdown>
    </Menu>
  );
}
