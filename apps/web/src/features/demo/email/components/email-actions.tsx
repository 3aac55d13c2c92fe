import { ActionIcon, ColorSwatch, Group, Menu, Tooltip } from '@mantine/core';
import {
  IconAlertOctagon,
  IconCheck,
  IconFolder,
  IconMail,
  IconMailOpened,
  IconPencil,
  IconTag,
  IconTrash,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { emailLabels, type Email, type EmailFolder, type EmailLabel } from '../api/types';
import { labelColors } from '../lib/format';

const moveTargets: { folder: EmailFolder; icon: ComponentType<{ size?: number }> }[] = [
  { folder: 'inbox', icon: IconMail },
  { folder: 'draft', icon: IconPencil },
  { folder: 'spam', icon: IconAlertOctagon },
  { folder: 'trash', icon: IconTrash },
];

export interface EmailActionsProps {
  /** The mails the actions apply to. */
  emails: Email[];
  disabled?: boolean;
  onMove: (folder: EmailFolder) => void;
  onToggleLabel: (label: EmailLabel) => void;
  onMarkUnread: () => void;
  onDelete: () => void;
}

/** Move to folder, labels, mark unread and delete — for a selection or an opened mail. */
export function EmailActions({
  emails,
  disabled,
  onMove,
  onToggleLabel,
  onMarkUnread,
  onDelete,
}: EmailActionsProps) {
  const { t } = useTranslation('email');
  const off = disabled || emails.length === 0;
  const allIn = (f: EmailFolder) => emails.length > 0 && emails.every((e) => e.folder === f);
  const allHave = (l: EmailLabel) => emails.length > 0 && emails.every((e) => e.labels.includes(l));
  return (
    <Group gap={2} wrap="nowrap">
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Tooltip label={t('actions.move')} withinPortal>
            <ActionIcon
              variant="subtle"
              color="gray"
              disabled={off}
              aria-label={t('actions.move')}
              data-testid="email-move"
            >
              <IconFolder size={18} />
            </ActionIcon>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown>
          {moveTargets.map(({ folder, icon: Icon }) => (
            <Menu.Item
              key={folder}
              leftSection={<Icon size={16} />}
              disabled={allIn(folder)}
              onClick={() => onMove(folder)}
              data-testid={`email-move-${folder}`}
            >
              {t(`folder.${folder}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Menu position="bottom-end" withinPortal closeOnItemClick={false}>
        <Menu.Target>
          <Tooltip label={t('actions.labels')} withinPortal>
            <ActionIcon
              variant="subtle"
              color="gray"
              disabled={off}
              aria-label={t('actions.labels')}
              data-testid="email-labels"
            >
              <IconTag size={18} />
            </ActionIcon>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown>
          {emailLabels.map((l) => (
            <Menu.Item
              key={l}
              leftSection={
                <ColorSwatch size={10} color={`var(--mantine-color-${labelColors[l]}-6)`} />
              }
              rightSection={allHave(l) ? <IconCheck size={14} /> : null}
              onClick={() => onToggleLabel(l)}
              aria-checked={allHave(l)}
              role="menuitemcheckbox"
              data-testid={`email-toggle-label-${l}`}
            >
              {t(`label.${l}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Tooltip label={t('actions.markUnread')} withinPortal>
        <ActionIcon
          variant="subtle"
          color="gray"
          disabled={off}
          onClick={onMarkUnread}
          aria-label={t('actions.markUnread')}
          data-testid="email-mark-unread"
        >
          <IconMailOpened size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('actions.delete')} withinPortal>
        <ActionIcon
          variant="subtle"
          color="gray"
          disabled={off || allIn('trash')}
          onClick={onDelete}
          aria-label={t('actions.delete')}
          data-testid="email-delete"
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
