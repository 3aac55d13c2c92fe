import { Avatar, Indicator, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChatStatus } from '../api/types';
import { STATUS_COLORS } from './chat-utils';

interface Props {
  name: string;
  src?: string;
  status?: ChatStatus;
  size?: MantineSize | number;
}

/** Avatar (photo or initials) with a status dot. */
export function ChatAvatar({ name, src, status, size = 38 }: Props) {
  const { t } = useTranslation('chat');
  const avatar = <Avatar src={src || null} name={name} color="initials" size={size} alt={name} />;
  if (!status) return avatar;
  return (
    <Indicator
      color={STATUS_COLORS[status]}
      position="bottom-end"
      size={11}
      offset={5}
      withBorder
      aria-label={t(`status.${status}`)}
      title={t(`status.${status}`)}
    >
      {avatar}
    </Indicator>
  );
}
