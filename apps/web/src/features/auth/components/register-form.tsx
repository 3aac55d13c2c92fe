import { USERNAME_PATTERN } from '@fiscus/contracts';
import { Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { authApi } from '../api/auth-api';
import { useAuthLinks } from '../hooks/auth-links';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { useCooldown } from '../hooks/use-cooldown';
import { applyServerError } from '../lib/server-errors';
import { isEmail, passwordError } from '../lib/validation';
import { FormAlert } from './form-alert';
import { PasswordPolicy } from './password-policy';

interface RegisterValues {
  username: string;
  email: string;
  password: string;
  terms: boolean;
}

/** Creates an account (the first one owns a workspace of its own) and signs in. */
export function RegisterForm() {
  const { t } = useTranslation('auth');
  const links = useAuthLinks();
  const completeSignIn = useCompleteSignIn();
  const [alert, setAlert] = useState<string | null>(null);
  const [cooldown, startCooldown] = useCooldown();
  const form = useForm<RegisterValues>({
    initialValues: { username: '', email: '', password: '', terms: false },
    validate: {
      username: (v) => {
        if (!v.trim()) return t('validation.usernameRequired');
        return USERNAME_PATTERN.test(v.trim()) ? null : t('validation.usernamePattern');
      },
      email: (v) => {
        if (!v.trim()) return t('validation.emailRequired');
        return isEmail(v) ? null : t('validation.emailInvalid');
      },
      password: (v) => passwordError(t, v),
      terms: (v) => (v ? null : t('validation.terms')),
    },
  });

  const register = useMutation({
    mutationFn: (v: RegisterValues) =>
      authApi.register({
        username: v.username.trim(),
        email: v.email.trim(),
        password: v.password,
      }),
    onSuccess: (signedIn) => completeSignIn(signedIn, 'registered'),
    onError: (err) => {
      const failure = applyServerError(form, err, ['username', 'email', 'password']);
      setAlert(failure.message);
      if (failure.retryAfter) startCooldown(failure.retryAfter);
    },
  });

  return (
    <form
      noValidate
      data-testid="register-form"
      onSubmit={form.onSubmit((v) => {
        setAlert(null);
        register.mutate(v);
      })}
    >
      <Stack gap="md">
        <FormAlert>{cooldown > 0 ? t('errors.tooManyWait', { count: cooldown }) : alert}</FormAlert>
        <TextInput
          label={t('fields.username')}
          placeholder={t('placeholders.username')}
          autoComplete="username"
          autoFocus
          required
          {...form.getInputProps('username')}
        />
        <TextInput
          label={t('fields.email')}
          placeholder={t('placeholders.email')}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <Stack gap={6}>
          <PasswordInput
            label={t('fields.password')}
            placeholder="············"
            autoComplete="new-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
            {...form.getInputProps('password')}
          />
          <PasswordPolicy value={form.values.password} />
        </Stack>
        <Checkbox
          label={t('register.terms')}
          {...form.getInputProps('terms', { type: 'checkbox' })}
        />
        <Button type="submit" fullWidth loading={register.isPending} disabled={cooldown > 0}>
          {t('register.submit')}
        </Button>
        <Text ta="center" size="sm">
          {t('register.haveAccount')}{' '}
          <Anchor component={Link} to={links.login}>
            {t('register.signInInstead')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
