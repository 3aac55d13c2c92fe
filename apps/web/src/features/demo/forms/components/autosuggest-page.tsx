import {
  Alert,
  Autocomplete,
  Avatar,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Text,
} from '@mantine/core';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAutosuggestData, type Person } from '../api/autosuggest';
import { DemoCard } from './shared';

const MAX = 10;
const initials = (name: string) =>
  name
    .split(' ')
    .map((p) => p[0])
    .join('')
    .slice(0, 2);
const matching = (people: Person[], q: string) =>
  people.filter((p) => p.name.toLowerCase().includes(q.trim().toLowerCase())).slice(0, MAX);

/** Autosuggest (the seed's /autosuggest/data): basic, sections, slot and pages. */
export function AutosuggestPage() {
  const { t } = useTranslation('forms');
  const data = useAutosuggestData();
  const [basic, setBasic] = useState('');
  const [section, setSection] = useState('');
  const [slot, setSlot] = useState('');
  const [page, setPage] = useState('');

  if (data.isPending)
    return (
      <Center mih={240}>
        <Loader />
      </Center>
    );
  if (data.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={t('loadError')}>
        {t('tryAgain')}
      </Alert>
    );
  const { developers, designers, pages } = data.data;
  const people = [...developers, ...designers];
  const byName = new Map(people.map((p) => [p.name, p]));
  const common = {
    leftSection: <IconSearch size={16} />,
    placeholder: t('autosuggest.placeholder'),
    nothingFoundMessage: t('autosuggest.nothing'),
    comboboxProps: { withinPortal: true },
  } as const;

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} data-testid="autosuggest-page">
      <DemoCard title={t('autosuggest.basic')} text={t('autosuggest.basicText')}>
        <Autocomplete
          {...common}
          aria-label={t('autosuggest.basic')}
          value={basic}
          onChange={setBasic}
          data={[...matching(developers, basic), ...matching(designers, basic)].map((p) => p.name)}
          filter={({ options }) => options}
          data-testid="autosuggest-basic"
        />
      </DemoCard>
      <DemoCard title={t('autosuggest.section')} text={t('autosuggest.sectionText')}>
        <Autocomplete
          {...common}
          aria-label={t('autosuggest.section')}
          value={section}
          onChange={setSection}
          filter={({ options }) => options}
          data={[
            {
              group: t('autosuggest.developers'),
              items: matching(developers, section).map((p) => p.name),
            },
            {
              group: t('autosuggest.designers'),
              items: matching(designers, section).map((p) => p.name),
            },
          ].filter((g) => g.items.length > 0)}
        />
      </DemoCard>
      <DemoCard title={t('autosuggest.slot')} text={t('autosuggest.slotText')}>
        <Autocomplete
          {...common}
          aria-label={t('autosuggest.slot')}
          value={slot}
          onChange={setSlot}
          filter={({ options }) => options}
          data={matching(people, slot).map((p) => p.name)}
          renderOption={({ option }) => {
            const p = byName.get(option.value);
            return (
              <Group gap="sm" wrap="nowrap">
                <Avatar size="sm" radius="xl" color="brand" src={p?.img || null}>
                  {initials(option.value)}
                </Avatar>
                <div>
                  <Text size="sm">{option.value}</Text>
                  <Text size="xs" c="dimmed">
                    {p?.email}
                  </Text>
                </div>
              </Group>
            );
          }}
        />
      </DemoCard>
      <DemoCard title={t('autosuggest.pages')} text={t('autosuggest.pagesText')}>
        <Autocomplete
          {...common}
          aria-label={t('autosuggest.pages')}
          value={page}
          onChange={setPage}
          data={pages.map((p) => p.name)}
          limit={MAX}
        />
      </DemoCard>
    </SimpleGrid>
  );
}
