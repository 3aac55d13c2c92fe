import type { DescriptionTranslations, NameLanguage, NameTranslations } from '@fiscus/contracts';
import { Accordion, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languages } from '@/lib/i18n';

/**
 * A name in each language of the console, folded under the name: a user of that language sees
 * it instead of the name; an empty one falls back to the name. Every designer that names
 * something (objects, fields, procedures, actions, cubes, reports) and every editor of a label
 * (select choices, catalog records) uses it; `multiline` makes it the input of a longer text in
 * each language (a description, an action's question: `DescriptionTranslationsInput`). `errors`
 * are keyed like the server's (`names.de`, or `<errorKey>.de`).
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
  multiline = false,
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
  /** Texts of several lines (descriptions), one under the other. */
  multiline?: boolean;
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
          <SimpleGrid cols={multiline ? 1 : { base: 1, xs: 2 }} spacing="xs">
            {languages.map((l) => {
              const props = {
                size: 'xs',
                label: l.label,
                lang: l.code,
                placeholder: fallback,
                maxLength,
                value: value[l.code as NameLanguage] ?? '',
                error: errors?.[`${errorKey}.${l.code}`],
                'data-testid': `${inputTestId}-${l.code}`,
              } as const;
              return multiline ? (
                <Textarea
                  key={l.code}
                  {...props}
                  autosize
                  minRows={1}
                  maxRows={4}
                  onChange={(e) => onChange({ ...value, [l.code]: e.currentTarget.value })}
                />
              ) : (
                <TextInput
                  key={l.code}
                  {...props}
                  onChange={(e) => onChange({ ...value, [l.code]: e.currentTarget.value })}
                />
              );
            })}
          </SimpleGrid>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

/**
 * A description (or an action's question, `question`) in each language of the console, folded
 * under it: the names input for texts of several lines, each at most 2000 characters (500 for a
 * question), with errors keyed `descriptions.<lang>` (`confirms.<lang>`) like the server's.
 */
export function DescriptionTranslationsInput({
  value,
  onChange,
  fallback,
  errors,
  question = false,
}: {
  value: DescriptionTranslations;
  onChange: (next: DescriptionTranslations) => void;
  /** The default text, shown as the placeholder of every language. */
  fallback: string;
  errors?: Record<string, string | undefined>;
  question?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <NameTranslationsInput
      value={value}
      onChange={onChange}
      fallback={fallback}
      errors={errors}
      multiline
      title={t(question ? 'names.questionTitle' : 'names.descriptionTitle')}
      hint={t(question ? 'names.questionHint' : 'names.descriptionHint')}
      maxLength={question ? 500 : 2000}
      errorKey={question ? 'confirms' : 'descriptions'}
      testId={question ? 'confirms' : 'descriptions'}
      inputTestId={question ? 'confirm' : 'description'}
    />
  );
}
