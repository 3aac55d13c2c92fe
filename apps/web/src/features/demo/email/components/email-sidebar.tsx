import { Badge, Box, Button, ColorSwatch, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import {
  IconAlertOctagon,
  IconMail,
  IconPencil,
  IconSend,
  IconStar,
  IconTrash,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  emailLabels,
  type EmailFolderFilter,
  type EmailLabel,
  type EmailsMeta,
} from '../api/types';
import { labelColors } from '../lib/format';
import { emailPath } from '../lib/paths';

const folderIcons: Record<EmailFolderFilter, ComponentType<{ size?: number }>> = {
  inbox: IconMail,
  sent: IconSend,
  draft: IconPencil,
  starred: IconStar,
  spam: IconAlertOctagon,
  trash: IconTrash,
};
const folderOrder: EmailFolderFilter[] = ['inbox', 'sent', 'draft', 'starred', 'spam', 'trash'];
const badgeColor: Partial<Record<EmailFolderFilter, string>> = {
  inbox: 'brand',
  draft: 'orange',
  spam: 'red',
};

export interface EmailSidebarProps {
  folder: EmailFolderFilter | undefined;
  label: EmailLabel | undefined;
  meta: EmailsMeta | undefined;
  onCompose: () => void;
  onNavigate: () => void;
}

/** Compose button, folders with their counts, labels with their colours. */
export function EmailSidebar({ folder, label, meta, onCompose, onNavigate }: EmailSidebarProps) {
  const { t } = useTranslation('email');
  return (
    <Stack gap={0} h="100%">
      <Box p="md">
        <Button fullWidth onClick={onCompose} data-testid="email-compose">
          {t('composeButton')}
        </Button>
      </Box>
      <ScrollArea style={{ flex: 1 }} type="auto">
        <Box component="nav" aria-label={t('folders')} px="xs">
          {folderOrder.map((f) => {
            const Icon = folderIcons[f];
            const count = meta && (f === 'inbox' || f === 'draft' || f === 'spam') ? meta[f] : 0;
            return (
              <NavLink
                key={f}
                component={Link}
                to={emailPath({ folder: f })}
                onClick={onNavigate}
                label={t(`folder.${f}`)}
                leftSection={<Icon size={18} />}
                active={!label && (folder ?? 'inbox') === f}
                variant="light"
                data-testid={`email-folder-${f}`}
                rightSection={
                  count > 0 ? (
                    <Badge
                      size="sm"
                      variant="light"
                      color={badgeColor[f]}
                      data-testid={`email-count-${f}`}
                    >
                      {count}
                    </Badge>
                  ) : null
                }
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              />
            );
          })}
        </Box>
        <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="lg" pt="lg" pb={6}>
          {t('labels')}
        </Text>
        <Box component="nav" aria-label={t('labels')} px="xs" pb="md">
          {emailLabels.map((l) => (
            <NavLink
              key={l}
              component={Link}
              to={emailPath({ label: l })}
              onClick={onNavigate}
              label={t(`label.${l}`)}
              leftSection={
                <ColorSwatch
                  size={10}
                  color={`var(--mantine-color-${labelColors[l]}-6)`}
                  withShadow={false}
                />
              }
              active={label === l}
              variant="light"
              data-testid={`email-label-${l}`}
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            />
          ))}
        </Box>
      </ScrollArea>
    </Stack>
  );
}
