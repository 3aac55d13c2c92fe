import type { NameLanguage, NameTranslations } from '@fiscus/contracts';
import { Accordion, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languages } from '@/lib/i18n';

/**
 * A name in each language of the console, folded under the name: a user of that language sees
 * it instead of the name; an empty one falls back to the name. Every designer that names
 * something (objects, fields, procedures, actions, cubes, reports) and every editor of a label
 * (select choices, catalog records) uses it. `errors` are keyed like the server's (`names.de`,
 * or `<errorKey>.de`).
 */
export function NameTranslationsInput({
  value,
  onChange,
  fallback,
  errors,
  errorKey = 'names',
  title,
  hint,
  maxLength = 120,
  testId = 'names',
  inputTestId = 'name',
  open = false,
}: {
  value: NameTranslations;
  onChange: (next: NameTranslations) => void;
  /** The default name, shown as the placeholder of every language. */
  fallback: string;
  errors?: Record<string, string | undefined>;
  errorKey?: string;
  /** The folded header (default: "Name in other languages"). */
  title?: string;
  hint?: string;
  maxLength?: number;
  testId?: string;
  /** Inputs are `<inputTestId>-<language>`. */
  inputTestId?: string;
  /** Unfolded from the start (e.g. in a popover of its own). */
  open?: boolean;
}) {
  const { t } = useTranslation('common');
  const filled = Object.values(value).filter((v) => v?.trim()).length;
  const failed = languages.some((l) => errors?.[`${errorKey}.${l.code}`]);
  return (
    <Accordion
      variant="contained"
      defaultValue={open || failed ? 'names' : null}
      data-testid={testId}
    >
      <Accordion.Item value="names">
        <Accordion.Control icon={<IconLanguage size={16} />}>
          <Text size="sm">
            {title ?? t('names.title')}
            {filled > 0 && (
              <Text span c="dimmed" size="sm">
                {' '}
                ({filled})
              </Text>
            )}
          </Text>
        </Accordion.Control>
        <Accordion.Panel>
          <Text size="xs" c="dimmed" mb="xs">
            {hint ?? t('names.hint')}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            {languages.map((l) => (
              <TextInput
                key={l.code}
                size="xs"
                label={l.label}
                lang={l.code}
                placeholder={fallback}
                maxLength={maxLength}
                value={value[l.code as NameLanguage] ?? ''}
                onChange={(e) => onChange({ ...value, [l.code]: e.currentTarget.value })}
                error={errors?.[`${errorKey}.${l.code}`]}
                data-testid={`${inputTestId}-${l.code}`}
              />
            ))}
          </SimpleGrid>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
