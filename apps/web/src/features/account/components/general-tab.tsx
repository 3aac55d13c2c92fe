import {
  Alert,
  Avatar,
  Button,
  FileButton,
  Grid,
  Group,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { isEmail, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconUpload } from '@tabler/icons-react';
import { USERNAME_PATTERN } from '@fiscus/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorOf, messageOf } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useUpdateProfile } from '../api/account';

const MAX_AVATAR = 800 * 1024;

/** General: the signed-in user's username, name and e-mail, saved through the real API. */
export function GeneralTab() {
  const { t } = useTranslation('account');
  const user = useSession((s) => s.session?.user);
  const update = useUpdateProfile();
  const [avatar, setAvatar] = useState<string | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      username: user?.username ?? '',
      fullName: user?.fullName ?? '',
      email: user?.email ?? '',
    },
    validate: {
      username: (v) =>
        !v.trim()
          ? t('errors.usernameRequired')
          : USERNAME_PATTERN.test(v)
            ? null
            : t('errors.usernamePattern'),
      fullName: (v) => (v.length > 120 ? t('errors.tooLong', { max: 120 }) : null),
      email: (v) => (!v.trim() ? t('errors.emailRequired') : isEmail(t('errors.emailInvalid'))(v)),
    },
  });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (user) {
      setValues({ username: user.username, fullName: user.fullName, email: user.email });
      resetDirty();
    }
  }, [user, setValues, resetDirty]);

  const pickAvatar = (file: File | null) => {
    setAvatarError(null);
    if (!file) return;
    if (!['image/png', 'image/jpeg', 'image/gif'].includes(file.type))
      return setAvatarError(t('general.avatarType'));
    if (file.size > MAX_AVATAR) return setAvatarError(t('general.avatarSize'));
    const reader = new FileReader();
    reader.onload = () => setAvatar(String(reader.result));
    reader.readAsDataURL(file);
  };

  if (!user) {
    return (
      <Alert color="yellow" icon={<IconAlertCircle />}>
        {t('general.noSession')}
      </Alert>
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        update.mutate(values, {
          onSuccess: () => {
            form.resetDirty();
            notifications.show({ color: 'teal', message: t('general.saved') });
          },
          onError: (err) => {
            const fields = errorOf(err)?.fields;
            if (fields)
              form.setErrors(
                Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.join(' ')])),
              );
            notifications.show({ color: 'red', message: messageOf(err) });
          },
        }),
      )}
    >
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Avatar src={avatar ?? user.avatar ?? undefined} size={80} radius="md" color="brand">
            {user.fullName?.[0] ?? user.username[0]}
          </Avatar>
          <Stack gap={6}>
            <Group gap="xs">
              <FileButton onChange={pickAvatar} accept="image/png,image/jpeg,image/gif">
                {(props) => (
                  <Button size="xs" leftSection={<IconUpload size={14} />} {...props}>
                    {t('general.upload')}
                  </Button>
                )}
              </FileButton>
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  setAvatar(null);
                  setAvatarError(null);
                }}
              >
                {t('general.reset')}
              </Button>
            </Group>
            <Text size="xs" c={avatarError ? 'red' : 'dimmed'}>
              {avatarError ?? t('general.avatarHint')}
            </Text>
          </Stack>
        </Group>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('general.username')}
              required
              autoComplete="username"
              {...form.getInputProps('username')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('general.fullName')}
              autoComplete="name"
              {...form.getInputProps('fullName')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('general.email')}
              required
              type="email"
              autoComplete="email"
              {...form.getInputProps('email')}
            />
          </Grid.Col>
        </Grid>
        <Group>
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            {t('saveChanges')}
          </Button>
          <Button
            variant="default"
            onClick={() =>
              form.setValues({
                username: user.username,
                fullName: user.fullName,
                email: user.email,
              })
            }
          >
            {t('reset')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
