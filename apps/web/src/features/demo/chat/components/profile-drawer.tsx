import {
  Button,
  Center,
  Divider,
  Drawer,
  Loader,
  Radio,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@/lib/toast';
import { IconLogout } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '@/lib/logout';
import { useProfileUser, useUpdateProfile } from '../api/chat';
import { CHAT_STATUSES, isChatStatus } from '../api/types';
import { ChatAvatar } from './chat-avatar';

interface Props {
  opened: boolean;
  onClose: () => void;
}

/** Own profile: about text, status and settings (saved as they change), sign out. */
export function ProfileDrawer({ opened, onClose }: Props) {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const profile = useProfileUser();
  const update = useUpdateProfile();
  const [about, setAbout] = useState('');
  useEffect(() => {
    if (profile.data) setAbout(profile.data.about);
  }, [profile.data]);

  const save = (patch: Parameters<typeof update.mutate>[0]) =>
    update.mutate(patch, {
      onError: () =>
        notifications.show({
          color: 'red',
          title: t('toast.errorTitle'),
          message: t('toast.profileError'),
        }),
    });

  const p = profile.data;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="left"
      size={340}
      title={t('profile.title')}
      closeButtonProps={{ 'aria-label': t('close') }}
      data-testid="chat-profile"
    >
      {!p ? (
        <Center mih={200}>
          {profile.isError ? <Text c="red">{t('error.profile')}</Text> : <Loader />}
        </Center>
      ) : (
        <Stack gap="md">
          <Stack align="center" gap={4}>
            <ChatAvatar name={p.fullName} src={p.avatar} status={p.status} size={84} />
            <Title order={4} mt="xs">
              {p.fullName}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`roles.${p.role}`, { defaultValue: p.role })}
            </Text>
          </Stack>
          <Textarea
            label={t('profile.about')}
            value={about}
            autosize
            minRows={3}
            maxLength={500}
            onChange={(e) => setAbout(e.currentTarget.value)}
            onBlur={() => {
              if (about !== p.about) save({ about });
            }}
          />
          <Radio.Group
            label={t('profile.status')}
            value={p.status}
            onChange={(v) => {
              if (isChatStatus(v)) save({ status: v });
            }}
          >
            <Stack gap={8} mt={6}>
              {CHAT_STATUSES.map((s) => (
                <Radio
                  key={s}
                  value={s}
                  label={t(`statusOption.${s}`)}
                  data-testid={`chat-status-${s}`}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Divider label={t('profile.settings')} labelPosition="left" />
          <Switch
            label={t('profile.twoStep')}
            checked={p.settings.isTwoStepAuthVerificationEnabled}
            onChange={(e) =>
              save({ settings: { isTwoStepAuthVerificationEnabled: e.currentTarget.checked } })
            }
          />
          <Switch
            label={t('profile.notifications')}
            checked={p.settings.isNotificationsOn}
            onChange={(e) => save({ settings: { isNotificationsOn: e.currentTarget.checked } })}
          />
          <Button
            mt="md"
            leftSection={<IconLogout size={16} />}
            onClick={() => void logout().then(() => navigate('/login', { replace: true }))}
          >
            {t('profile.logout')}
          </Button>
        </Stack>
      )}
    </Drawer>
  );
}
