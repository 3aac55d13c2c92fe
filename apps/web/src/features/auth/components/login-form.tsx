import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Input,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { storage } from '@/lib/storage';
import { guestApi, needsSecondFactor } from '../api/guest-api';
import { useAction } from '../hooks/use-action';
import { useAuthLinks } from '../hooks/auth-links';
import { preloadSignInEffects, useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { useCooldown } from '../hooks/use-cooldown';
import { useFields } from '../hooks/use-fields';
import { applyServerError } from '../lib/server-errors';
import { FormAlert } from './form-alert';

/** The second step loads only for accounts that have it. */
const SecondFactorForm = lazy(() =>
  import('./second-factor-form').then((m) => ({ default: m.SecondFactorForm })),
);

/** "Remember me" keeps the login name on this device for the next sign-in. */
const REMEMBERED_LOGIN = 'fiscus-remembered-login';

type LoginValues = {
  login: string;
  password: string;
  remember: boolean;
};

/** Sign-in by username or email and password; continues with the second factor when asked. */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const links = useAuthLinks();
  const completeSignIn = useCompleteSignIn();
  const [challenge, setChallenge] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [cooldown, startCooldown] = useCooldown();
  const remembered = storage.get(REMEMBERED_LOGIN);

  const form = useFields<LoginValues>(
    { login: remembered ?? '', password: '', remember: !!remembered },
    {
      login: (v) => (v.trim() ? null : t('validation.loginRequired')),
      password: (v) => (v ? null : t('validation.passwordRequired')),
    },
  );

  const login = useAction(
    (v: LoginValues) => guestApi.login({ login: v.login.trim(), password: v.password }),
    {
      onSuccess: (answer, v) => {
        if (v.remember) storage.set(REMEMBERED_LOGIN, v.login.trim());
        else storage.remove(REMEMBERED_LOGIN);
        if (needsSecondFactor(answer)) {
          setChallenge(answer.secondFactor.challengeId);
          return;
        }
        completeSignIn(answer);
      },
      onError: (err) => {
        const failure = applyServerError(form, err, ['login', 'password']);
        setAlert(failure.message);
        if (failure.retryAfter) startCooldown(failure.retryAfter);
      },
    },
  );

  if (challenge) {
    return (
      <Suspense fallback={null}>
        <SecondFactorForm
          challengeId={challenge}
          onDone={completeSignIn}
          onCancel={(message) => {
            setChallenge(null);
            form.setFieldValue('password', '');
            setAlert(message ?? null);
          }}
        />
      </Suspense>
    );
  }

  const busy = login.isPending;
  return (
    <form
      noValidate
      data-testid="login-form"
      onSubmit={form.onSubmit((v) => {
        setAlert(null);
        preloadSignInEffects();
        login.mutate(v);
      })}
    >
      <Stack gap="md">
        <FormAlert>{cooldown > 0 ? t('errors.tooManyWait', { count: cooldown }) : alert}</FormAlert>
        <TextInput
          label={t('fields.login')}
          placeholder={t('placeholders.login')}
          autoComplete="username"
          autoFocus
          required
          {...form.getInputProps('login')}
        />
        <Stack gap={4}>
          <Group justify="space-between" gap="xs">
            <Input.Label required htmlFor="login-password">
              {t('fields.password')}
            </Input.Label>
            <Anchor component={Link} to={links.forgot} size="xs">
              {t('login.forgot')}
            </Anchor>
          </Group>
          <PasswordInput
            id="login-password"
            placeholder="············"
            autoComplete="current-password"
            aria-required
            visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
            {...form.getInputProps('password')}
          />
        </Stack>
        <Checkbox
          label={t('login.remember')}
          {...form.getInputProps('remember', { type: 'checkbox' })}
        />
        <Button type="submit" fullWidth loading={busy} disabled={cooldown > 0}>
          {t('login.submit')}
        </Button>
        <Text ta="center" size="sm">
          {t('login.newHere')}{' '}
          <Anchor component={Link} to={links.register}>
            {t('login.createAccount')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
