import { Anchor, Button, Center, Group, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconChevronLeft, IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { authApi } from '../api/auth-api';
import { useAuthLinks } from '../hooks/auth-links';
import { useCooldown } from '../hooks/use-cooldown';
import { applyServerError } from '../lib/server-errors';
import { isEmail } from '../lib/validation';
import { FormAlert } from './form-alert';

function BackToLogin() {
  const { t } = useTranslation('auth');
  const links = useAuthLinks();
  return (
    <Anchor component={Link} to={links.login} size="sm">
      <Group gap={4} justify="center">
        <IconChevronLeft size={16} />
        {t('forgot.back')}
      </Group>
    </Anchor>
  );
}

/**
 * Asks for a reset link. The answer is the same whether or not an account exists, so the
 * confirmation never tells who is registered.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [cooldown, startCooldown] = useCooldown();
  const form = useForm({
    initialValues: { email: '' },
    validate: {
      email: (v) => {
        if (!v.trim()) return t('validation.emailRequired');
        return isEmail(v) ? null : t('validation.emailInvalid');
      },
    },
  });
  const send = useMutation({
    mutationFn: (email: string) => authApi.forgot(email),
    onSuccess: (_, email) => setSentTo(email),
    onError: (err) => {
      const failure = applyServerError(form, err, ['email']);
      setAlert(failure.message);
      if (failure.retryAfter) startCooldown(failure.retryAfter);
    },
  });

  if (sentTo) {
    return (
      <Stack gap="md" data-testid="forgot-sent">
        <Center>
          <ThemeIcon size={64} radius={32} variant="light" color="teal">
            <IconMailCheck size={34} />
          </ThemeIcon>
        </Center>
        <Text fw={600} ta="center" role="status">
          {t('forgot.sentTitle')}
        </Text>
        <Text size="sm" c="dimmed" ta="center">
          {t('forgot.sentText', { email: sentTo })}
        </Text>
        <Button variant="light" onClick={() => setSentTo(null)}>
          {t('forgot.again')}
        </Button>
        <BackToLogin />
      </Stack>
    );
  }

  return (
    <form
      noValidate
      data-testid="forgot-form"
      onSubmit={form.onSubmit((v) => {
        setAlert(null);
        send.mutate(v.email.trim());
      })}
    >
      <Stack gap="md">
        <FormAlert>{cooldown > 0 ? t('errors.tooManyWait', { count: cooldown }) : alert}</FormAlert>
        <TextInput
          label={t('fields.email')}
          placeholder={t('placeholders.email')}
          type="email"
          autoComplete="email"
          autoFocus
          required
          {...form.getInputProps('email')}
        />
        <Button type="submit" fullWidth loading={send.isPending} disabled={cooldown > 0}>
          {t('forgot.submit')}
        </Button>
        <BackToLogin />
      </Stack>
    </form>
  );
}
