import type { TotpSetupAnswer } from '@fiscus/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Image,
  Input,
  PasswordInput,
  PinInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@/lib/toast';
import {
  IconCheck,
  IconCopy,
  IconDownload,
  IconShieldCheck,
  IconShieldOff,
} from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IdentityProof, proofPayload, type ProofKind } from '@/components/identity-proof';
import { errorOf } from '@/lib/api-client';
import { appConfig } from '@/lib/config';
import { useSession } from '@/lib/session';
import { authApi } from '../api/auth-api';
import { applyServerError } from '../lib/server-errors';
import { FormAlert } from './form-alert';

type Step =
  | { kind: 'idle' }
  | { kind: 'setup'; setup: TotpSetupAnswer }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disable' };

function setTotpEnabled(enabled: boolean) {
  const { session, setSession } = useSession.getState();
  if (session) setSession({ ...session, user: { ...session.user, totpEnabled: enabled } });
}

function downloadCodes(codes: string[], title: string) {
  const text = `${title}\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${appConfig.appName.toLowerCase()}-backup-codes.txt`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Scan the QR code, confirm with a code and the current password; the backup codes are shown
 * once afterwards.
 */
function EnableFlow({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TotpSetupAnswer;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('auth');
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    initialValues: { code: '', password: '' },
    validate: {
      code: (v) => (/^\d{6}$/.test(v) ? null : t('validation.codeSixDigits')),
      password: (v) => (v ? null : t('validation.oldPasswordRequired')),
    },
  });
  const enable = useMutation({
    mutationFn: (v: { code: string; password: string }) => authApi.totpEnable(v.code, v.password),
    onSuccess: (answer) => onEnabled(answer.backupCodes),
    onError: (err) => {
      form.setFieldValue('code', '');
      if (errorOf(err)?.code === 'invalid_second_factor') {
        form.setFieldError('code', t('validation.codeWrong'));
        return;
      }
      setAlert(applyServerError(form, err, ['code', 'password']).message);
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) => {
        setAlert(null);
        enable.mutate(v);
      })}
      data-testid="totp-setup"
    >
      <Stack gap="md">
        <Text size="sm">{t('totp.scan')}</Text>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Image
            src={setup.qrDataUrl}
            alt={t('totp.qrAlt')}
            w={180}
            h={180}
            radius="sm"
            bg="white"
            p={6}
          />
          <Stack gap={6} style={{ flex: '1 1 220px', minWidth: 0 }}>
            <Text size="sm" c="dimmed">
              {t('totp.manual')}
            </Text>
            <Group gap="xs">
              <Code data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
                {setup.secret}
              </Code>
              <CopyButton value={setup.secret}>
                {({ copied, copy }) => (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  >
                    {copied ? t('actions.copied') : t('actions.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Group>
        <FormAlert>{alert}</FormAlert>
        <Input.Wrapper label={t('totp.enterCode')} error={form.errors.code}>
          <PinInput
            mt={6}
            length={6}
            type="number"
            oneTimeCode
            aria-label={t('fields.code')}
            ariaLabel={t('fields.code')}
            error={!!form.errors.code}
            value={form.values.code}
            onChange={(v) => {
              form.setFieldValue('code', v);
              form.clearFieldError('code');
            }}
            data-testid="totp-enable-code"
          />
        </Input.Wrapper>
        <PasswordInput
          label={t('fields.oldPassword')}
          description={t('totp.passwordHint')}
          autoComplete="current-password"
          required
          maw={360}
          visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
          {...form.getInputProps('password')}
        />
        <Group gap="sm">
          <Button type="submit" loading={enable.isPending}>
            {t('totp.verify')}
          </Button>
          <Button variant="default" type="button" onClick={onCancel} disabled={enable.isPending}>
            {t('actions.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="md" data-testid="backup-codes">
      <Alert color="yellow" variant="light" title={t('totp.codesTitle')}>
        {t('totp.codesText')}
      </Alert>
      <SimpleGrid cols={{ base: 2, xs: 3, sm: 5 }} spacing="xs">
        {codes.map((c) => (
          <Code key={c} block ta="center" fz="sm">
            {c}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            >
              {copied ? t('actions.copied') : t('actions.copyAll')}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} />}
          onClick={() => downloadCodes(codes, t('totp.codesTitle'))}
        >
          {t('actions.download')}
        </Button>
        <Button onClick={onDone}>{t('totp.done')}</Button>
      </Group>
    </Stack>
  );
}

/** Switching off: the current password, or a code of the authenticator app or a backup code. */
function DisableForm({ onDisabled, onCancel }: { onDisabled: () => void; onCancel: () => void }) {
  const { t } = useTranslation('auth');
  const [alert, setAlert] = useState<string | null>(null);
  const [kind, setKind] = useState<ProofKind>('password');
  const form = useForm({
    initialValues: { password: '', code: '' },
    validate: {
      password: (v) => (kind === 'code' || v ? null : t('validation.passwordRequired')),
      code: (v) => (kind === 'password' || v.trim() ? null : t('validation.codeRequired')),
    },
  });
  const disable = useMutation({
    mutationFn: (v: { password: string; code: string }) =>
      authApi.totpDisable(proofPayload(kind, v)),
    onSuccess: onDisabled,
    onError: (err) => {
      if (errorOf(err)?.code === 'invalid_credentials') {
        form.setFieldError('password', t('validation.passwordWrong'));
        return;
      }
      setAlert(applyServerError(form, err, ['password', 'code']).message);
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) => {
        setAlert(null);
        disable.mutate(v);
      })}
      data-testid="totp-disable"
    >
      <Stack gap="md">
        <Text size="sm">{t('totp.disableText')}</Text>
        <FormAlert>{alert}</FormAlert>
        <IdentityProof
          kind={kind}
          onKindChange={(next) => {
            setKind(next);
            form.clearErrors();
          }}
          totpEnabled
          passwordLabel={t('fields.oldPassword')}
          password={form.getInputProps('password')}
          code={form.getInputProps('code')}
          autoFocus
        />
        <Group gap="sm">
          <Button type="submit" color="red" loading={disable.isPending}>
            {t('totp.disable')}
          </Button>
          <Button variant="default" type="button" onClick={onCancel} disabled={disable.isPending}>
            {t('actions.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Two-step verification (TOTP) of the signed-in user: status, enable with QR code, disable. */
export function TwoFactorSettings() {
  const { t } = useTranslation('auth');
  const enabled = useSession((s) => s.session?.user.totpEnabled ?? false);
  const loaded = useSession((s) => s.loaded);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [alert, setAlert] = useState<string | null>(null);
  const setup = useMutation({
    mutationFn: authApi.totpSetup,
    onSuccess: (answer) => setStep({ kind: 'setup', setup: answer }),
    onError: (err) => setAlert(applyServerError({ setFieldError: () => {} }, err, []).message),
  });

  return (
    <Card withBorder padding="lg" radius="md" data-testid="two-factor">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div style={{ flex: '1 1 240px', minWidth: 0 }}>
            <Title order={3} size="h4">
              {t('totp.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('totp.subtitle')}
            </Text>
          </div>
          {loaded && (
            <Badge
              color={enabled ? 'teal' : 'gray'}
              variant="light"
              leftSection={enabled ? <IconShieldCheck size={14} /> : <IconShieldOff size={14} />}
              style={{ flexShrink: 0 }}
              data-testid="totp-status"
            >
              {enabled ? t('totp.on') : t('totp.off')}
            </Badge>
          )}
        </Group>
        <FormAlert>{alert}</FormAlert>
        {step.kind === 'idle' && (
          <Group>
            {enabled ? (
              <Button variant="light" color="red" onClick={() => setStep({ kind: 'disable' })}>
                {t('totp.disable')}
              </Button>
            ) : (
              <Button
                loading={setup.isPending}
                disabled={!loaded}
                onClick={() => {
                  setAlert(null);
                  setup.mutate();
                }}
              >
                {t('totp.enable')}
              </Button>
            )}
          </Group>
        )}
        {step.kind === 'setup' && (
          <EnableFlow
            setup={step.setup}
            onCancel={() => setStep({ kind: 'idle' })}
            onEnabled={(codes) => {
              setTotpEnabled(true);
              setStep({ kind: 'codes', codes });
              notifications.show({
                color: 'teal',
                title: t('totp.enabledTitle'),
                message: t('totp.enabledText'),
              });
            }}
          />
        )}
        {step.kind === 'codes' && (
          <BackupCodes codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />
        )}
        {step.kind === 'disable' && (
          <DisableForm
            onCancel={() => setStep({ kind: 'idle' })}
            onDisabled={() => {
              setTotpEnabled(false);
              setStep({ kind: 'idle' });
              notifications.show({
                color: 'teal',
                title: t('totp.disabledTitle'),
                message: t('totp.disabledText'),
              });
            }}
          />
        )}
      </Stack>
    </Card>
  );
}
