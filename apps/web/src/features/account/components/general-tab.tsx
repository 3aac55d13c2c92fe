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
import { notifications } from '@/lib/toast';
import { IconAlertCircle, IconUpload } from '@tabler/icons-react';
import { USERNAME_PATTERN } from '@fiscus/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IdentityProof, proofPayload, type ProofKind } from '@/components/identity-proof';
import { errorOf, messageOf } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useUpdateProfile } from '../api/account';
import { PendingEmailChange } from './pending-email-change';

const MAX_AVATAR = 800 * 1024;

const normal = (email: string) => email.trim().toLowerCase();

/**
 * General: the signed-in user's username, name and e-mail, saved through the real API. A new
 * e-mail address needs the current password (or a code) and waits for the link mailed to it.
 */
export function GeneralTab() {
  const { t } = useTranslation('account');
  const user = useSession((s) => s.session?.user);
  const update = useUpdateProfile();
  const [avatar, setAvatar] = useState<string | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [proofKind, setProofKind] = useState<ProofKind>('password');
  const [alert, setAlert] = useState<string | null>(null);
  const emailChanges = (email: string) => !!user && normal(email) !== user.email;
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      username: user?.username ?? '',
      fullName: user?.fullName ?? '',
      email: user?.email ?? '',
      password: '',
      code: '',
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
      password: (v, values) =>
        emailChanges(values.email) && proofKind === 'password' && !v
          ? t('errors.passwordRequired')
          : null,
      code: (v, values) =>
        emailChanges(values.email) && proofKind === 'code' && !v.trim()
          ? t('errors.codeRequired')
          : null,
    },
  });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (user) {
      setValues({
        username: user.username,
        fullName: user.fullName,
        email: user.email,
        password: '',
        code: '',
      });
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

  const changing = emailChanges(form.values.email);
  return (
    <form
      noValidate
      data-testid="account-general"
      onSubmit={form.onSubmit((values) => {
        setAlert(null);
        const newEmail = emailChanges(values.email);
        update.mutate(
          {
            username: values.username,
            fullName: values.fullName,
            email: newEmail ? values.email : user.email,
            ...(newEmail ? proofPayload(proofKind, values) : {}),
          },
          {
            onSuccess: ({ user: saved }) => {
              form.resetDirty();
              notifications.show({
                color: 'teal',
                message:
                  newEmail && saved.pendingEmail
                    ? t('email.sent', { email: saved.pendingEmail })
                    : t('general.saved'),
              });
            },
            onError: (err) => {
              const fields = errorOf(err)?.fields;
              const known = ['username', 'fullName', 'email', 'password', 'code'];
              if (fields)
                form.setErrors(
                  Object.fromEntries(
                    Object.entries(fields)
                      .filter(([k]) => known.includes(k))
                      .map(([k, v]) => [k, v.join(' ')]),
                  ),
                );
              if (!fields || Object.keys(fields).some((k) => !known.includes(k)))
                setAlert(messageOf(err));
            },
          },
        );
      })}
    >
      <Stack gap="lg">
        {user.pendingEmail && <PendingEmailChange user={user} />}
        {alert && (
          <Alert color="red" icon={<IconAlertCircle />} data-testid="account-general-error">
            {alert}
          </Alert>
        )}
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
        {changing && (
          <Stack gap="sm" data-testid="email-change-proof">
            <Text size="sm" c="dimmed">
              {t('email.proofText')}
            </Text>
            <IdentityProof
              kind={proofKind}
              onKindChange={(kind) => {
                setProofKind(kind);
                form.clearFieldError('password');
                form.clearFieldError('code');
              }}
              totpEnabled={user.totpEnabled}
              password={form.getInputProps('password')}
              code={form.getInputProps('code')}
            />
          </Stack>
        )}
        <Group>
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            {t('saveChanges')}
          </Button>
          <Button
            variant="default"
            onClick={() => {
              setAlert(null);
              form.setValues({
                username: user.username,
                fullName: user.fullName,
                email: user.email,
                password: '',
                code: '',
              });
              form.clearErrors();
            }}
          >
            {t('reset')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
