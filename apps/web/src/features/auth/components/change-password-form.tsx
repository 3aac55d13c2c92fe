import { Alert, Button, Card, Grid, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@/lib/toast';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IdentityProof, proofPayload, type ProofKind } from '@/components/identity-proof';
import { errorOf } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { applySession } from '@/lib/session-guard';
import { tokens } from '@/lib/tokens';
import { authApi } from '../api/auth-api';
import { applyServerError } from '../lib/server-errors';
import { passwordError } from '../lib/validation';
import { FormAlert } from './form-alert';
import { PasswordPolicy } from './password-policy';

interface Values {
  oldPassword: string;
  code: string;
  newPassword: string;
  retype: string;
}

/**
 * Change password of the signed-in user (account settings): the current password — or, with
 * two-step verification on, a code instead. Other sessions of the user end; this one stays
 * signed in.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation('auth');
  const totpEnabled = useSession((s) => s.session?.user.totpEnabled ?? false);
  const [proofKind, setProofKind] = useState<ProofKind>('password');
  const byCode = proofKind === 'code' && totpEnabled;
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { oldPassword: '', code: '', newPassword: '', retype: '' },
    validate: {
      oldPassword: (v) => (byCode || v ? null : t('validation.oldPasswordRequired')),
      code: (v) => (!byCode || v.trim() ? null : t('validation.codeRequired')),
      newPassword: (v, values) => {
        const problem = passwordError(t, v);
        if (problem) return problem;
        return !byCode && v === values.oldPassword ? t('validation.sameAsOld') : null;
      },
      retype: (v, values) => (v === values.newPassword ? null : t('validation.mismatch')),
    },
  });
  const change = useMutation({
    mutationFn: (v: Values) => {
      const proof = proofPayload(byCode ? 'code' : 'password', {
        password: v.oldPassword,
        code: v.code,
      });
      return authApi.changePassword(
        'password' in proof ? { oldPassword: proof.password } : proof,
        v.newPassword,
      );
    },
    onSuccess: (answer) => {
      // Every sign-in of the user ends; this one goes on with the fresh pair in the answer.
      if (answer.accessToken) tokens.save(answer.accessToken, answer.refreshToken);
      if (answer.session) applySession(answer.session);
      form.reset();
      notifications.show({
        color: 'teal',
        title: t('change.doneTitle'),
        message: t('change.doneText'),
      });
    },
    onError: (err) => {
      if (errorOf(err)?.code === 'invalid_credentials') {
        form.setFieldError('oldPassword', t('validation.oldPasswordWrong'));
        return;
      }
      setAlert(
        applyServerError(form, err, ['oldPassword', 'code', 'newPassword'], {
          password: 'newPassword',
        }).message,
      );
    },
  });

  return (
    <Card withBorder padding="lg" radius="md" data-testid="change-password">
      <form
        noValidate
        onSubmit={form.onSubmit((v) => {
          setAlert(null);
          change.mutate(v);
        })}
      >
        <Stack gap="md">
          <div>
            <Title order={3} size="h4">
              {t('change.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('change.subtitle')}
            </Text>
          </div>
          <FormAlert>{alert}</FormAlert>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <IdentityProof
                kind={proofKind}
                onKindChange={(kind) => {
                  setProofKind(kind);
                  form.clearFieldError('oldPassword');
                  form.clearFieldError('code');
                }}
                totpEnabled={totpEnabled}
                passwordLabel={t('fields.oldPassword')}
                password={form.getInputProps('oldPassword')}
                code={form.getInputProps('code')}
                testId="change-password-proof"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }} visibleFrom="sm" />
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Stack gap={6}>
                <PasswordInput
                  label={t('fields.newPassword')}
                  autoComplete="new-password"
                  required
                  visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
                  {...form.getInputProps('newPassword')}
                />
                <PasswordPolicy value={form.values.newPassword} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <PasswordInput
                label={t('fields.retypePassword')}
                autoComplete="new-password"
                required
                visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
                {...form.getInputProps('retype')}
              />
            </Grid.Col>
          </Grid>
          <Alert variant="light" color="brand" icon={<IconInfoCircle size={18} />}>
            {t('change.othersEnd')}
          </Alert>
          <Group gap="sm">
            <Button type="submit" loading={change.isPending}>
              {t('change.submit')}
            </Button>
            <Button
              variant="default"
              type="button"
              onClick={() => form.reset()}
              disabled={change.isPending}
            >
              {t('actions.reset')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
