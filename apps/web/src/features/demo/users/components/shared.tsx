import { Badge } from '@mantine/core';
import { IconDatabase, IconEdit, IconServer2, IconSettings, IconUser } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role, UserStatus } from '../api/types';

export const roleMeta: Record<
  Role,
  { color: string; icon: ComponentType<{ size?: number; color?: string }> }
> = {
  subscriber: { color: 'brand', icon: IconUser },
  author: { color: 'yellow', icon: IconSettings },
  maintainer: { color: 'green', icon: IconDatabase },
  editor: { color: 'cyan', icon: IconEdit },
  admin: { color: 'red', icon: IconServer2 },
};

export const statusColor: Record<UserStatus, string> = {
  pending: 'yellow',
  active: 'green',
  inactive: 'gray',
};

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((p) => p[0]?.toUpperCase())
    .join('')
    .slice(0, 2);

export function StatusPill({ status }: { status: UserStatus }) {
  const { t } = useTranslation('users');
  return (
    <Badge variant="light" color={statusColor[status]}>
      {t(`status.${status}`)}
    </Badge>
  );
}

export function RoleLabel({ role }: { role: Role }) {
  const { t } = useTranslation('users');
  const { icon: Icon, color } = roleMeta[role];
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <Icon size={16} color={`var(--mantine-color-${color}-6)`} />
      {t(`role.${role}`)}
    </span>
  );
}

export const permissionModules = ['admin', 'staff', 'author', 'contributor', 'user'] as const;
export const permissionActions = ['read', 'write', 'create', 'delete'] as const;
