import type { NameLanguage, NameTranslations } from '@fiscus/contracts';
import { Accordion, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languages } from '@/lib/i18n';

/**
 * The name of an object or field in each language of the console, folded under the name: a
 * user of that language sees it instead of the name; an empty one falls back to the name.
 * `errors` are keyed like the server's (`names.de`).
 */
export function NameTranslationsInput({
  value,
  onChange,
  fallback,
  errors,
}: {
  value: NameTranslations;
  onChange: (next: NameTranslations) => void;
  fallback: string;
  errors?: Record<string, string | undefined>;
}) {
  const { t } = useTranslation('platform');
  const filled = Object.values(value).filter((v) => v?.trim()).length;
  const failed = languages.some((l) => errors?.[`names.${l.code}`]);
  return (
    <Accordion variant="contained" defaultValue={failed ? 'names' : null} data-testid="names">
      <Accordion.Item value="names">
        <Accordion.Control icon={<IconLanguage size={16} />}>
          <Text size="sm">
            {t('names.title')}
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
            {t('names.hint')}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            {languages.map((l) => (
              <TextInput
                key={l.code}
                size="xs"
                label={l.label}
                lang={l.code}
                placeholder={fallback}
                maxLength={120}
                value={value[l.code as NameLanguage] ?? ''}
                onChange={(e) => onChange({ ...value, [l.code]: e.currentTarget.value })}
                error={errors?.[`names.${l.code}`]}
                data-testid={`name-${l.code}`}
              />
            ))}
          </SimpleGrid>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
