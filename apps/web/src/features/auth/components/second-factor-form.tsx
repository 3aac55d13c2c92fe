import type { SignedIn } from '@fiscus/contracts';
import {
  Anchor,
  Button,
  Center,
  Group,
  Input,
  PinInput,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorOf } from '@/lib/http-errors';
import { guestApi } from '../api/guest-api';
import { useAction } from '../hooks/use-action';
import { useCooldown } from '../hooks/use-cooldown';
import { applyServerError } from '../lib/server-errors';
import { FormAlert } from './form-alert';

interface Props {
  challengeId: string;
  onDone: (signedIn: SignedIn) => void;
  /** Back to the password step; with the reason when the challenge ended (used up, expired). */
  onCancel: (message?: string) => void;
}

/** Second sign-in step: a 6-digit code from the authenticator app, or one of the backup codes. */
export function SecondFactorForm({ challengeId, onDone, onCancel }: Props) {
  const { t } = useTranslation('auth');
  const [mode, setMode] = useState<'totp' | 'backup'>('totp');
  const [alert, setAlert] = useState<string | null>(null);
  const [cooldown, startCooldown] = useCooldown();
  const form = useForm({
    initialValues: { code: '' },
    validate: {
      code: (v) => {
        const code = v.trim();
        if (mode === 'totp') return /^\d{6}$/.test(code) ? null : t('validation.codeSixDigits');
        return code.length >= 6 ? null : t('validation.backupCode');
      },
    },
  });

  const verify = useAction((code: string) => guestApi.verifySecondFactor(challengeId, code), {
    onSuccess: (signedIn) => onDone(signedIn),
    onError: (err) => {
      if (mode === 'totp') form.setFieldValue('code', '');
      // The challenge is over (too many codes, expired): the password step comes again.
      if (errorOf(err)?.code === 'second_factor_required') {
        onCancel(errorOf(err)?.message);
        return;
      }
      const failure = applyServerError(form, err, ['code']);
      if (failure.message && errorOf(err)?.code === 'invalid_second_factor') {
        form.setFieldError('code', failure.message);
        setAlert(null);
      } else setAlert(failure.message);
      if (failure.retryAfter) startCooldown(failure.retryAfter);
    },
  });

  const submit = form.onSubmit((v) => {
    setAlert(null);
    verify.mutate(v.code.replace(/\s+/g, ''));
  });

  return (
    <form noValidate onSubmit={submit} data-testid="second-factor-form">
      <Stack gap="md">
        <Center>
          <ThemeIcon size={56} radius={28} variant="light">
            <IconShieldLock size={30} />
          </ThemeIcon>
        </Center>
        <Text fw={600} ta="center">
          {t('secondFactor.title')}
        </Text>
        <Text size="sm" c="dimmed" ta="center">
          {mode === 'totp' ? t('secondFactor.totpHint') : t('secondFactor.backupHint')}
        </Text>
        <FormAlert>{cooldown > 0 ? t('errors.tooManyWait', { count: cooldown }) : alert}</FormAlert>
        {mode === 'totp' ? (
          <Input.Wrapper label={t('fields.code')} error={form.errors.code} ta="center">
            <Group justify="center" mt={6}>
              <PinInput
                length={6}
                type="number"
                oneTimeCode
                autoFocus
                aria-label={t('fields.code')}
                ariaLabel={t('fields.code')}
                error={!!form.errors.code}
                value={form.values.code}
                onChange={(v) => {
                  form.setFieldValue('code', v);
                  if (v) form.clearFieldError('code');
                }}
                onComplete={(v) => {
                  if (!verify.isPending && cooldown === 0) {
                    setAlert(null);
                    verify.mutate(v);
                  }
                }}
                data-testid="totp-code"
              />
            </Group>
          </Input.Wrapper>
        ) : (
          <TextInput
            label={t('fields.backupCode')}
            placeholder="xxxx-xxxx"
            autoComplete="one-time-code"
            autoFocus
            {...form.getInputProps('code')}
            data-testid="backup-code"
          />
        )}
        <Button type="submit" fullWidth loading={verify.isPending} disabled={cooldown > 0}>
          {t('secondFactor.submit')}
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setMode(mode === 'totp' ? 'backup' : 'totp');
              form.reset();
              setAlert(null);
            }}
          >
            {mode === 'totp' ? t('secondFactor.useBackup') : t('secondFactor.useTotp')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={() => onCancel()}>
            {t('secondFactor.back')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
