import { Divider, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { IconClock, IconMail, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChatContact } from '../api/types';
import { ChatAvatar } from './chat-avatar';

interface Props {
  contact: ChatContact | undefined;
  opened: boolean;
  onClose: () => void;
}

const emailOf = (name: string) => `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`;

/** Details of the active contact. */
export function ContactDrawer({ contact, opened, onClose }: Props) {
  const { t } = useTranslation('chat');
  return (
    <Drawer
      opened={opened && !!contact}
      onClose={onClose}
      position="right"
      size={340}
      title={t('contact.title')}
      closeButtonProps={{ 'aria-label': t('close') }}
      data-testid="chat-contact"
    >
      {contact && (
        <Stack gap="md">
          <Stack align="center" gap={4}>
            <ChatAvatar
              name={contact.fullName}
              src={contact.avatar}
              status={contact.status}
              size={84}
            />
            <Title order={4} mt="xs">
              {contact.fullName}
            </Title>
            <Text size="sm" c="dimmed">
              {contact.role}
            </Text>
            <Text size="xs" c="dimmed">
              {t(`status.${contact.status}`)}
            </Text>
          </Stack>
          <div>
            <Text size="xs" fw={600} tt="uppercase" c="dimmed" mb={4}>
              {t('contact.about')}
            </Text>
            <Text size="sm">{contact.about}</Text>
          </div>
          <Divider label={t('contact.personal')} labelPosition="left" />
          <Group gap="sm" wrap="nowrap">
            <IconMail size={18} aria-label={t('contact.email')} />
            <Text size="sm">{emailOf(contact.fullName)}</Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <IconPhone size={18} aria-label={t('contact.phone')} />
            <Text size="sm">+1 (555) 01{String(contact.id).padStart(2, '0')}-4321</Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <IconClock size={18} aria-label={t('contact.hours')} />
            <Text size="sm">{t('contact.hoursValue')}</Text>
          </Group>
        </Stack>
      )}
    </Drawer>
  );
}
