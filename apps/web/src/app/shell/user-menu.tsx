import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconCheckbox,
  IconCurrencyDollar,
  IconHelpCircle,
  IconLogout,
  IconMail,
  IconMessages,
  IconSettings,
  IconUser,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { logout } from '@/lib/logout';
import { useSession } from '@/lib/session';

function initials(name: string) {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((p) => p[0]!.toUpperCase())
      .join('') || '?'
  );
}

/** The user dropdown: profile, settings, demo shortcuts, logout. */
export function UserMenu() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const session = useSession((s) => s.session);
  const name = session?.user.fullName || session?.user.username || t('user');
  const role = session ? t(`role.${session.domain.role}`) : '';
  return (
    <Menu position="bottom-end" shadow="md" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('userMenu')} data-testid="user-menu">
          <Group gap="xs" wrap="nowrap">
            <div style={{ textAlign: 'right' }} className="hide-sm">
              <Text size="sm" fw={600} lh={1.2}>
                {name}
              </Text>
              <Text size="xs" c="dimmed" lh={1.2}>
                {role}
              </Text>
            </div>
            <Avatar src={session?.user.avatar ?? undefined} color="brand" radius="xl">
              {initials(name)}
            </Avatar>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/pages/profile" leftSection={<IconUser size={16} />}>
          {t('profile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/apps/email" leftSection={<IconMail size={16} />}>
          {t('inbox')}
        </Menu.Item>
        <Menu.Item component={Link} to="/fiscus/todo" leftSection={<IconCheckbox size={16} />}>
          {t('tasks')}
        </Menu.Item>
        <Menu.Item component={Link} to="/apps/chat" leftSection={<IconMessages size={16} />}>
          {t('chat')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to="/pages/account-setting"
          leftSection={<IconSettings size={16} />}
        >
          {t('settings')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to="/pages/pricing"
          leftSection={<IconCurrencyDollar size={16} />}
        >
          {t('pricing')}
        </Menu.Item>
        <Menu.Item component={Link} to="/pages/faq" leftSection={<IconHelpCircle size={16} />}>
          {t('faq')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          data-testid="logout"
          onClick={() => {
            void logout().then(() => navigate('/login', { replace: true }));
          }}
        >
          {t('logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
