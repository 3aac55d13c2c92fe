import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@/lib/toast';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
// eslint-disable-next-line no-restricted-imports -- only reads the link's token
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorOf } from '@/lib/api-client';
import { authApi } from '../api/auth-api';
import { useAuthLinks } from '../hooks/auth-links';
import { applyServerError } from '../lib/server-errors';
import { passwordError } from '../lib/validation';
import { FormAlert } from './form-alert';
import { PasswordPolicy } from './password-policy';

/** Sets a new password with the one-time token of the mailed link (`?token=`), then goes to login. */
export function SetNewPasswordForm() {
  const { t } = useTranslation('auth');
  const links = useAuthLinks();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [alert, setAlert] = useState<string | null>(null);
  const [linkDead, setLinkDead] = useState(!token);
  const form = useForm({
    initialValues: { password: '', confirm: '' },
    validate: {
      password: (v) => passwordError(t, v),
      confirm: (v, values) => (v === values.password ? null : t('validation.mismatch')),
    },
  });
  const save = useMutation({
    mutationFn: (password: string) => authApi.setNewPassword(token, password),
    onSuccess: () => {
      notifications.show({
        color: 'teal',
        title: t('reset.doneTitle'),
        message: t('reset.doneText'),
      });
      void navigate(links.login, { replace: true });
    },
    onError: (err) => {
      if (errorOf(err)?.code === 'invalid_reset_token') {
        setLinkDead(true);
        return;
      }
      setAlert(applyServerError(form, err, ['password'], { newPassword: 'password' }).message);
    },
  });

  if (linkDead) {
    return (
      <Stack gap="md" data-testid="reset-link-invalid">
        <FormAlert>{t('reset.invalidLink')}</FormAlert>
        <Button component={Link} to={links.forgot} fullWidth>
          {t('reset.requestNew')}
        </Button>
        <Text ta="center" size="sm">
          <Anchor component={Link} to={links.login}>
            {t('forgot.back')}
          </Anchor>
        </Text>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      data-testid="reset-form"
      onSubmit={form.onSubmit((v) => {
        setAlert(null);
        save.mutate(v.password);
      })}
    >
      <Stack gap="md">
        <FormAlert>{alert}</FormAlert>
        <Stack gap={6}>
          <PasswordInput
            label={t('fields.newPassword')}
            placeholder="············"
            autoComplete="new-password"
            autoFocus
            required
            visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
            {...form.getInputProps('password')}
          />
          <PasswordPolicy value={form.values.password} />
        </Stack>
        <PasswordInput
          label={t('fields.confirmPassword')}
          placeholder="············"
          autoComplete="new-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
          {...form.getInputProps('confirm')}
        />
        <Button type="submit" fullWidth loading={save.isPending}>
          {t('reset.submit')}
        </Button>
        <Text ta="center" size="sm">
          <Anchor component={Link} to={links.login}>
            {t('forgot.back')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
