import {
  Alert,
  Anchor,
  Badge,
  Card,
  Center,
  Grid,
  Group,
  List,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  Typography,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconBook,
  IconChartBar,
  IconCode,
  IconCreditCard,
  IconDeviceMobile,
  IconFileText,
  IconMail,
  IconPalette,
  IconScale,
  IconSearch,
  IconSettings,
  IconSpeakerphone,
  IconTarget,
  type Icon,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useKbArticle, useKbCards, useKbCategories } from '../api/knowledge-base';

const iconOf: Record<string, Icon> = {
  chart: IconChartBar,
  speakerphone: IconSpeakerphone,
  code: IconCode,
  palette: IconPalette,
  mail: IconMail,
  target: IconTarget,
  settings: IconSettings,
  'credit-card': IconCreditCard,
  scale: IconScale,
  'device-mobile': IconDeviceMobile,
  book: IconBook,
};
const colors = ['brand', 'teal', 'orange', 'grape', 'red', 'cyan'];

function Banner({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('pages');
  return (
    <Paper radius="md" p={{ base: 'lg', sm: 48 }} bg="var(--mantine-color-brand-light)">
      <Stack align="center" gap="sm">
        <Title order={2} ta="center" c="brand">
          {t('kb.banner')}
        </Title>
        <Text c="dimmed" ta="center">
          {t('kb.bannerText')}
        </Text>
        <TextInput
          w="100%"
          maw={560}
          size="md"
          leftSection={<IconSearch size={18} />}
          placeholder={t('kb.search')}
          aria-label={t('kb.search')}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      </Stack>
    </Paper>
  );
}

function Status({
  error,
  pending,
  children,
}: {
  error: boolean;
  pending: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('pages');
  if (error)
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={t('loadError')}>
        {t('loadErrorText')}
      </Alert>
    );
  if (pending)
    return (
      <Center mih={200}>
        <Loader />
      </Center>
    );
  return <>{children}</>;
}

function NotFound() {
  const { t } = useTranslation('pages');
  return (
    <Card padding="xl" radius="md" data-testid="kb-empty">
      <Stack align="center" gap={4}>
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconSearch />
        </ThemeIcon>
        <Text fw={600}>{t('kb.noResults')}</Text>
      </Stack>
    </Card>
  );
}

/** Knowledge base landing: searchable topic cards. */
export function KnowledgeBasePage() {
  const [q, setQ] = useState('');
  const cards = useKbCards();
  const needle = q.trim().toLowerCase();
  const shown = (cards.data ?? []).filter(
    (c) =>
      !needle || c.title.toLowerCase().includes(needle) || c.desc.toLowerCase().includes(needle),
  );
  return (
    <Stack gap="xl" data-testid="kb-page">
      <Banner value={q} onChange={setQ} />
      <Status error={cards.isError} pending={cards.isPending}>
        {shown.length === 0 ? (
          <NotFound />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {shown.map((c, i) => {
              const IconCmp = iconOf[c.img] ?? IconFileText;
              return (
                <Card
                  key={c.id}
                  component={Link}
                  to={`/pages/knowledge-base/${c.category}`}
                  padding="xl"
                  radius="md"
                  shadow="sm"
                  withBorder
                >
                  <Stack align="center" gap="sm">
                    <ThemeIcon
                      size={72}
                      radius={36}
                      variant="light"
                      color={colors[i % colors.length]}
                    >
                      <IconCmp size={38} stroke={1.4} />
                    </ThemeIcon>
                    <Title order={4} ta="center">
                      {c.title}
                    </Title>
                    <Text c="dimmed" size="sm" ta="center">
                      {c.desc}
                    </Text>
                  </Stack>
                </Card>
              );
            })}
          </SimpleGrid>
        )}
      </Status>
    </Stack>
  );
}

/** A knowledge-base category: question groups, searchable by group title or question. */
export function KnowledgeBaseCategoryPage() {
  const { category = '' } = useParams();
  const [q, setQ] = useState('');
  const groups = useKbCategories();
  const needle = q.trim().toLowerCase();
  const shown = (groups.data ?? [])
    .map((g) =>
      !needle || g.title.toLowerCase().includes(needle)
        ? g
        : { ...g, questions: g.questions.filter((x) => x.question.toLowerCase().includes(needle)) },
    )
    .filter((g) => g.questions.length > 0);
  return (
    <Stack gap="xl" data-testid="kb-category-page">
      <Banner value={q} onChange={setQ} />
      <Status error={groups.isError} pending={groups.isPending}>
        {shown.length === 0 ? (
          <NotFound />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {shown.map((g) => {
              const IconCmp = iconOf[g.icon] ?? IconFileText;
              return (
                <Card key={g.id} padding="lg" radius="md" shadow="sm" withBorder>
                  <Group gap="sm" mb="md" wrap="nowrap">
                    <ThemeIcon size={36} variant="light" color={g.iconColor} radius="md">
                      <IconCmp size={20} />
                    </ThemeIcon>
                    <Title order={5}>{g.title}</Title>
                    <Badge variant="light" color="gray" ml="auto">
                      {g.questions.length}
                    </Badge>
                  </Group>
                  <List spacing="xs" size="sm" icon={<IconFileText size={14} />}>
                    {g.questions.map((x) => (
                      <List.Item key={x.id}>
                        <Anchor
                          component={Link}
                          to={`/pages/knowledge-base/${category}/${x.slug}`}
                          size="sm"
                        >
                          {x.question}
                        </Anchor>
                      </List.Item>
                    ))}
                  </List>
                </Card>
              );
            })}
          </SimpleGrid>
        )}
      </Status>
    </Stack>
  );
}

/** A knowledge-base article with related questions. */
export function KnowledgeBaseQuestionPage() {
  const { t, i18n } = useTranslation('pages');
  const { category = '' } = useParams();
  const article = useKbArticle();
  return (
    <Status error={article.isError} pending={article.isPending}>
      {article.data && (
        <Grid gap="lg" data-testid="kb-question-page">
          <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 2, md: 1 }}>
            <Card padding="lg" radius="md" shadow="sm">
              <Title order={5} mb="sm">
                {t('kb.related')}
              </Title>
              <List spacing="xs" size="sm" icon={<IconFileText size={14} />}>
                {article.data.relatedQuestions.map((x) => (
                  <List.Item key={x.id}>
                    <Anchor
                      component={Link}
                      to={`/pages/knowledge-base/${category}/${x.slug}`}
                      size="sm"
                    >
                      {x.question}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 1, md: 2 }}>
            <Card padding="xl" radius="md" shadow="sm">
              <Anchor component={Link} to={`/pages/knowledge-base/${category}`} size="sm" mb="sm">
                <Group gap={4}>
                  <IconArrowLeft size={14} />
                  {t('kb.back')}
                </Group>
              </Anchor>
              <Title order={3}>{article.data.title}</Title>
              <Text size="sm" c="dimmed" mb="md">
                {t('kb.lastUpdated', {
                  date: dayjs(article.data.lastUpdated)
                    .toDate()
                    .toLocaleDateString(i18n.language, { dateStyle: 'long' }),
                })}
              </Text>
              <Typography>
                {/* Trusted, static demo content shipped with the console. */}
                <div dangerouslySetInnerHTML={{ __html: article.data.content }} />
              </Typography>
            </Card>
          </Grid.Col>
        </Grid>
      )}
    </Status>
  );
}
