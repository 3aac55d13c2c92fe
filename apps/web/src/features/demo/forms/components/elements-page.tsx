import {
  Code,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import {
  DateInput,
  DatePickerInput,
  DatesProvider,
  DateTimePicker,
  MonthPickerInput,
  TimeInput,
} from '@mantine/dates';
import 'dayjs/locale/de';
import 'dayjs/locale/fr';
import 'dayjs/locale/pt';
import 'dayjs/locale/ru';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from '@/components/rich-text-editor';
import { applyMask, groupThousands } from '../lib/mask';
import { DemoCard } from './shared';

const countries = ['Brazil', 'France', 'Germany', 'Portugal', 'Russia', 'United States'];
const masks = {
  phone: '(999) 999-9999',
  card: '9999 9999 9999 9999',
  date: '99/99/9999',
  time: '99:99',
  plate: 'AA-9999',
} as const;

function MaskedInput({ kind }: { kind: keyof typeof masks }) {
  const { t } = useTranslation('forms');
  const [value, setValue] = useState('');
  return (
    <TextInput
      label={t(`mask.${kind}`)}
      placeholder={masks[kind].replace(/9/g, '0').replace(/A/g, 'X')}
      value={value}
      onChange={(e) => setValue(applyMask(masks[kind], e.currentTarget.value))}
      inputMode={kind === 'plate' ? 'text' : 'numeric'}
      data-testid={`mask-${kind}`}
    />
  );
}

/** Select, date and time pickers, input masks and rich text. */
export function ElementsPage() {
  const { t, i18n } = useTranslation('forms');
  const lang = i18n.language;
  const [amount, setAmount] = useState('');
  const [html, setHtml] = useState(t('editor.initial'));
  const teams = ['finance', 'sales', 'operations', 'it'].map((v) => ({
    value: v,
    label: t(`select.teams.${v}`),
  }));
  return (
    <DatesProvider settings={{ locale: lang, firstDayOfWeek: lang === 'en' ? 0 : 1 }}>
      <SimpleGrid cols={{ base: 1, lg: 2 }} data-testid="elements-page">
        <DemoCard title={t('select.title')} text={t('select.text')}>
          <Stack>
            <Select label={t('select.basic')} placeholder={t('select.pick')} data={countries} />
            <Select
              label={t('select.searchable')}
              placeholder={t('select.pick')}
              data={countries}
              searchable
              clearable
              nothingFoundMessage={t('autosuggest.nothing')}
            />
            <Select
              label={t('select.grouped')}
              placeholder={t('select.pick')}
              data={[
                { group: t('select.europe'), items: ['France', 'Germany', 'Portugal', 'Russia'] },
                { group: t('select.americas'), items: ['Brazil', 'United States'] },
              ]}
            />
            <MultiSelect
              label={t('select.multiple')}
              placeholder={t('select.pick')}
              data={teams}
              defaultValue={['finance']}
              searchable
              clearable
            />
            <TagsInput label={t('select.tags')} placeholder={t('select.tagsHint')} />
            <Select label={t('select.disabled')} data={countries} value="Germany" disabled />
          </Stack>
        </DemoCard>
        <DemoCard title={t('pickers.title')} text={t('pickers.text')}>
          <Stack>
            <DatePickerInput
              label={t('pickers.date')}
              placeholder={t('pickers.pick')}
              clearable
              data-testid="picker-date"
            />
            <DatePickerInput
              type="range"
              label={t('pickers.range')}
              placeholder={t('pickers.pick')}
            />
            <DatePickerInput
              type="multiple"
              label={t('pickers.multiple')}
              placeholder={t('pickers.pick')}
            />
            <DateInput label={t('pickers.typed')} placeholder={t('pickers.typedHint')} />
            <DateTimePicker label={t('pickers.dateTime')} placeholder={t('pickers.pick')} />
            <TimeInput label={t('pickers.time')} />
            <MonthPickerInput label={t('pickers.month')} placeholder={t('pickers.pick')} />
          </Stack>
        </DemoCard>
        <DemoCard title={t('mask.title')} text={t('mask.text')}>
          <Stack>
            <MaskedInput kind="phone" />
            <MaskedInput kind="card" />
            <MaskedInput kind="date" />
            <MaskedInput kind="time" />
            <MaskedInput kind="plate" />
            <TextInput
              label={t('mask.amount')}
              placeholder={groupThousands('1234567', lang)}
              value={amount}
              onChange={(e) => setAmount(groupThousands(e.currentTarget.value, lang))}
              inputMode="numeric"
              data-testid="mask-amount"
            />
          </Stack>
        </DemoCard>
        <DemoCard title={t('editor.title')} text={t('editor.text')}>
          <RichTextEditor
            label={t('editor.label')}
            value={html}
            onChange={setHtml}
            headings
            minHeight={180}
            testId="elements-editor"
          />
          <Text size="sm" fw={600} mt="md">
            {t('editor.preview')}
          </Text>
          <Code block mt={4} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {html || '—'}
          </Code>
        </DemoCard>
      </SimpleGrid>
    </DatesProvider>
  );
}
