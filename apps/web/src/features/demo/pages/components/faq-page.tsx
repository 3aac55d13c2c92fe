import {
  Accordion,
  Alert,
  Box,
  Card,
  Center,
  Grid,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconCreditCard,
  IconMail,
  IconPackage,
  IconPhone,
  IconRefresh,
  IconSearch,
  IconSettings,
  IconTruck,
  type Icon,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddressParams } from '@/lib/use-address-params';
import { useAddressText } from '@/lib/use-address-text';
import { useFaq, type FaqCategoryKey } from '../api/faq';

const icons: Record<FaqCategoryKey, Icon> = {
  payment: IconCreditCard,
  delivery: IconTruck,
  cancellationReturn: IconRefresh,
  myOrders: IconPackage,
  productServices: IconSettings,
};

/** FAQ: search over questions, categories as tabs, answers in an accordion. */
export function FaqPage() {
  const { t } = useTranslation('pages');
  const [params, setParams] = useAddressParams();
  const q = params.get('q') ?? '';
  const faq = useFaq(q);
  // The box shows every keystroke and follows the address (back, forward, a link); its text
  // goes into the address after a pause, replacing the entry: history keeps pages, not each
  // search typed (as the shop, e-mail, to-do and blog searches).
  const search = useAddressText(
    q,
    (value) =>
      setParams(
        (next) => {
          if (value.trim()) next.set('q', value);
          else next.delete('q');
          return next;
        },
        { replace: true },
      ),
    200,
  );
  const [active, setActive] = useState<string | null>(null);
  const keys = Object.keys(faq.data ?? {}) as FaqCategoryKey[];
  const current = active && keys.includes(active as FaqCategoryKey) ? active : (keys[0] ?? null);

  return (
    <Stack gap="xl" data-testid="faq-page">
      <Paper radius="md" p={{ base: 'lg', sm: 48 }} bg="var(--mantine-color-brand-light)">
        <Stack align="center" gap="sm">
          <Title order={2} ta="center" c="brand">
            {t('faq.banner')}
          </Title>
          <Text c="dimmed" ta="center">
            {t('faq.bannerText')}
          </Text>
          <TextInput
            w="100%"
            maw={560}
            size="md"
            leftSection={<IconSearch size={18} />}
            placeholder={t('faq.search')}
            aria-label={t('faq.search')}
            value={search.text}
            onChange={(e) => search.change(e.currentTarget.value)}
            rightSection={faq.isFetching ? <Loader size="xs" /> : null}
          />
        </Stack>
      </Paper>

      {faq.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title={t('loadError')}>
          {t('loadErrorText')}
        </Alert>
      ) : faq.isPending ? (
        <Center mih={200}>
          <Loader />
        </Center>
      ) : keys.length === 0 ? (
        <Card padding="xl" radius="md" data-testid="faq-empty">
          <Stack align="center" gap="xs">
            <ThemeIcon size={48} radius="xl" variant="light">
              <IconSearch />
            </ThemeIcon>
            <Text fw={600}>{t('faq.noResults')}</Text>
            <Text c="dimmed" size="sm">
              {t('faq.noResultsText', { q })}
            </Text>
          </Stack>
        </Card>
      ) : (
        <Tabs
          value={current}
          onChange={setActive}
          orientation="vertical"
          variant="pills"
          keepMounted={false}
          styles={{ root: { flexWrap: 'wrap' } }}
        >
          <Grid gap="lg" style={{ width: '100%' }}>
            <Grid.Col span={{ base: 12, md: 3 }}>
              <Tabs.List>
                {keys.map((k) => {
                  const IconCmp = icons[k];
                  return (
                    <Tabs.Tab key={k} value={k} leftSection={<IconCmp size={18} />}>
                      {t(`faq.categories.${k}`)}
                    </Tabs.Tab>
                  );
                })}
              </Tabs.List>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 9 }}>
              {keys.map((k) => {
                const cat = faq.data?.[k];
                if (!cat) return null;
                const IconCmp = icons[k];
                return (
                  <Tabs.Panel key={k} value={k}>
                    <Group mb="md" gap="sm" wrap="nowrap">
                      <ThemeIcon size={42} variant="light" radius="md">
                        <IconCmp size={24} />
                      </ThemeIcon>
                      <Box>
                        <Title order={4}>{t(`faq.categories.${k}`)}</Title>
                        <Text size="sm" c="dimmed">
                          {cat.subtitle}
                        </Text>
                      </Box>
                    </Group>
                    <Accordion variant="separated" radius="md" data-testid={`faq-${k}`}>
                      {cat.qandA.map((e) => (
                        <Accordion.Item key={e.question} value={e.question}>
                          <Accordion.Control>{e.question}</Accordion.Control>
                          <Accordion.Panel>
                            <Text size="sm">{e.ans}</Text>
                          </Accordion.Panel>
                        </Accordion.Item>
                      ))}
                    </Accordion>
                  </Tabs.Panel>
                );
              })}
            </Grid.Col>
          </Grid>
        </Tabs>
      )}

      <Stack align="center" gap={4} mt="lg">
        <Title order={3} ta="center">
          {t('faq.stillQuestion')}
        </Title>
        <Text c="dimmed" ta="center">
          {t('faq.stillQuestionText')}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" maw={720} mx="auto" w="100%">
        <Card padding="lg" radius="md" withBorder>
          <Stack align="center" gap={6}>
            <ThemeIcon size={44} variant="light" radius="md">
              <IconPhone />
            </ThemeIcon>
            <Text fw={600} size="lg">
              + (810) 2548 2568
            </Text>
            <Text size="sm" c="dimmed">
              {t('faq.phoneHint')}
            </Text>
          </Stack>
        </Card>
        <Card padding="lg" radius="md" withBorder>
          <Stack align="center" gap={6}>
            <ThemeIcon size={44} variant="light" radius="md">
              <IconMail />
            </ThemeIcon>
            <Text fw={600} size="lg">
              help@fiscus.app
            </Text>
            <Text size="sm" c="dimmed">
              {t('faq.mailHint')}
            </Text>
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
