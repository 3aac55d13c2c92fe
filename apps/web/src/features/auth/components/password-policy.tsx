import { PASSWORD_MIN, passwordProblems } from '@fiscus/contracts';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Live check of the password policy: a strength bar and the rules, each met or not. */
export function PasswordPolicy({ value }: { value: string }) {
  const { t } = useTranslation('auth');
  const problems = passwordProblems(value);
  const rules = [
    { key: 'too_short', label: t('policy.length', { min: PASSWORD_MIN }) },
    { key: 'needs_letter', label: t('policy.letter') },
    { key: 'needs_digit', label: t('policy.digit') },
  ] as const;
  const met = rules.filter((r) => !problems.includes(r.key)).length;
  const bonus = value.length >= 12 && /[^\p{L}\d]/u.test(value) ? 1 : 0;
  const score = value ? met + bonus : 0;
  const color = score <= 1 ? 'red' : score === 2 ? 'orange' : score === 3 ? 'teal' : 'green';
  const strength = ['', 'weak', 'fair', 'good', 'strong'][score] ?? '';
  return (
    <Stack gap={4} data-testid="password-policy" aria-live="polite">
      <Group justify="space-between" gap="xs">
        <Progress
          value={(score / 4) * 100}
          color={color}
          size="sm"
          style={{ flex: 1 }}
          aria-hidden
        />
        {strength && (
          <Text size="xs" c={color} fw={500}>
            {t(`policy.strength.${strength}`)}
          </Text>
        )}
      </Group>
      {rules.map((r) => {
        const ok = !!value && !problems.includes(r.key);
        return (
          <Group key={r.key} gap={6} wrap="nowrap">
            {ok ? (
              <IconCheck size={14} color="var(--mantine-color-teal-6)" />
            ) : (
              <IconX size={14} color="var(--mantine-color-dimmed)" />
            )}
            <Text size="xs" c={ok ? 'teal' : 'dimmed'}>
              {r.label}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}
