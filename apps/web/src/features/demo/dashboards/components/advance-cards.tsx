import {
  ActionIcon,
  Avatar,
  Badge,
  Box,
  Button,
  Divider,
  Group,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@/lib/toast';
import { IconBriefcase, IconMapPin, IconSend, IconStar, IconStarFilled } from '@tabler/icons-react';
import type { EChartsCoreOption } from 'echarts/core';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFigure } from '@/lib/figures';
import { EChart } from '@/components/echart';
import { DashCard, useChartColors } from './card-shell';

const employees = [
  {
    name: 'Ryan Harrington',
    roleKey: 'iosDeveloper',
    duration: '9hr 20m',
    progress: 45,
    tone: 'primary',
  },
  {
    name: 'Louisa Norton',
    roleKey: 'cakephpDeveloper',
    duration: '4hr 17m',
    progress: 65,
    tone: 'danger',
  },
  {
    name: 'Jayden Duncan',
    roleKey: 'backendDeveloper',
    duration: '12hr 8m',
    progress: 65,
    tone: 'success',
  },
  {
    name: 'Cynthia Howell',
    roleKey: 'angularDeveloper',
    duration: '3hr 19m',
    progress: 35,
    tone: 'info',
  },
  {
    name: 'Helena Payne',
    roleKey: 'marketing',
    duration: '9hr 50m',
    progress: 65,
    tone: 'warning',
  },
  {
    name: 'Troy Jensen',
    roleKey: 'iosDeveloper',
    duration: '4hr 48m',
    progress: 80,
    tone: 'primary',
  },
] as const;

function Ring({ value, tone }: { value: number; tone: (typeof employees)[number]['tone'] }) {
  const colors = useChartColors();
  const color = colors[tone];
  const option = useMemo<EChartsCoreOption>(
    () => ({
      series: [
        {
          type: 'gauge',
          startAngle: 90,
          endAngle: -270,
          radius: '90%',
          pointer: { show: false },
          progress: { show: true, roundCap: true, width: 4, itemStyle: { color } },
          axisLine: { lineStyle: { width: 4, color: [[1, colors.track]] } },
          splitLine: { show: false },
          axisTick: { show: false },
          axisLabel: { show: false },
          detail: { show: false },
          data: [{ value }],
        },
      ],
    }),
    [color, colors.track, value],
  );
  return (
    <Box w={36}>
      <EChart option={option} height={36} label={`${value}%`} />
    </Box>
  );
}

export function EmployeeTaskCard() {
  const { t } = useTranslation('dashboards');
  return (
    <DashCard title={t('employeeTask.title')} testId="employee-task-card">
      <Stack gap="md">
        {employees.map((e) => (
          <Group key={e.name} justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Avatar name={e.name} color="initials" />
              <div>
                <Text size="sm" fw={600}>
                  {e.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`employeeTask.roles.${e.roleKey}`)}
                </Text>
              </div>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {e.duration}
              </Text>
              <Ring value={e.progress} tone={e.tone} />
            </Group>
          </Group>
        ))}
      </Stack>
    </DashCard>
  );
}

export function ProfileCard() {
  const { t, i18n } = useTranslation('dashboards');
  const stats = [
    { key: 'followers', value: '10.3k' },
    { key: 'projects', value: '156' },
    { key: 'rank', value: '74' },
  ];
  return (
    <DashCard padding={0} testId="profile-card">
      <Box
        h={110}
        style={{
          background:
            'linear-gradient(120deg, var(--mantine-color-brand-5), var(--mantine-color-cyan-5))',
        }}
      />
      <Stack align="center" gap={4} px="lg" pb="lg" mt={-44}>
        <Avatar
          name="Curtis Stone"
          color="initials"
          size={88}
          radius={44}
          style={{ border: '4px solid var(--mantine-color-body)' }}
        />
        <Title order={4} mt="xs">
          Curtis Stone
        </Title>
        <Text size="sm" c="dimmed">
          Malaysia
        </Text>
        <Badge variant="light" mt={4}>
          {t('profile.proLevel')}
        </Badge>
        <Divider w="100%" my="md" />
        <SimpleGrid cols={3} w="100%">
          {stats.map((s) => (
            <Stack key={s.key} gap={0} align="center">
              <Text size="xs" c="dimmed">
                {t(`profile.${s.key}`)}
              </Text>
              <Text fw={700} fz="lg">
                {formatFigure(s.value, i18n.language)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </DashCard>
  );
}

export function JobCard() {
  const { t } = useTranslation('dashboards');
  const [saved, setSaved] = useState(false);
  return (
    <DashCard testId="job-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Avatar color="brand" radius="md">
              <IconBriefcase size={20} />
            </Avatar>
            <div>
              <Text fw={600}>{t('job.company')}</Text>
              <Text size="xs" c="dimmed">
                {t('job.posted')}
              </Text>
            </div>
          </Group>
          <ActionIcon
            variant="subtle"
            color="yellow"
            aria-pressed={saved}
            aria-label={saved ? t('job.unsave') : t('job.save')}
            onClick={() => setSaved((v) => !v)}
          >
            {saved ? <IconStarFilled size={18} /> : <IconStar size={18} />}
          </ActionIcon>
        </Group>
        <Title order={4}>{t('job.title')}</Title>
        <Group gap={4} c="dimmed">
          <IconMapPin size={14} />
          <Text size="sm">{t('job.location')}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t('job.text')}
        </Text>
        <Group gap="xs">
          {['Figma', 'Sketch', 'UX'].map((tag) => (
            <Badge key={tag} variant="light" color="gray">
              {tag}
            </Badge>
          ))}
        </Group>
        <Group justify="space-between" mt="xs">
          <Text fw={700}>
            $6,000{' '}
            <Text span size="sm" c="dimmed" fw={400}>
              / {t('job.month')}
            </Text>
          </Text>
          <Button size="xs">{t('job.apply')}</Button>
        </Group>
      </Stack>
    </DashCard>
  );
}

const sharks = [
  { name: 'Veronica Rowe', company: 'Northwind Capital', followers: '12.8k' },
  { name: 'Marcus Holt', company: 'Blue Harbor Ventures', followers: '8.4k' },
  { name: 'Priya Nair', company: 'Seedline Partners', followers: '21.1k' },
  { name: 'Tomás Ferreira', company: 'Lumen Equity', followers: '5.9k' },
];

export function BusinessSharksCard() {
  const { t, i18n } = useTranslation('dashboards');
  const [following, setFollowing] = useState<Set<string>>(new Set([sharks[0]!.name]));
  const toggle = (name: string) =>
    setFollowing((prev) => {
      const next = new Set(prev);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });
  return (
    <DashCard
      title={t('sharks.title')}
      subtitle={t('sharks.subtitle')}
      testId="business-sharks-card"
    >
      <Stack gap="md">
        {sharks.map((s) => {
          const on = following.has(s.name);
          return (
            <Group key={s.name} justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <Avatar name={s.name} color="initials" />
                <div>
                  <Text size="sm" fw={600}>
                    {s.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {s.company} ·{' '}
                    {t('sharks.followers', { value: formatFigure(s.followers, i18n.language) })}
                  </Text>
                </div>
              </Group>
              <Button
                size="compact-sm"
                style={{ flexShrink: 0 }}
                variant={on ? 'filled' : 'light'}
                onClick={() => toggle(s.name)}
                aria-pressed={on}
              >
                {on ? t('sharks.following') : t('sharks.follow')}
              </Button>
            </Group>
          );
        })}
      </Stack>
    </DashCard>
  );
}

export function PayAmountCard() {
  const { t } = useTranslation('dashboards');
  const form = useForm({
    initialValues: { cvv: '' },
    validate: { cvv: (v) => (/^\d{3,4}$/.test(v) ? null : t('pay.cvvInvalid')) },
  });
  const rows = [
    { key: 'dealer', value: 'Fiscus Store' },
    { key: 'card', value: '•••• 4242' },
    { key: 'type', value: t('pay.creditCard') },
  ];
  return (
    <DashCard title={t('pay.title')} testId="pay-amount-card">
      <form
        noValidate
        onSubmit={form.onSubmit(() => {
          notifications.show({ color: 'teal', message: t('pay.done', { amount: '$455.60' }) });
          form.reset();
        })}
      >
        <Stack gap="sm">
          <Paper withBorder radius="md" p="md" ta="center">
            <Text size="sm" c="dimmed">
              {t('pay.amount')}
            </Text>
            <Text fz={28} fw={700} c="brand">
              $455.60
            </Text>
          </Paper>
          {rows.map((r) => (
            <Group key={r.key} justify="space-between">
              <Text size="sm" c="dimmed">
                {t(`pay.${r.key}`)}
              </Text>
              <Text size="sm" fw={600}>
                {r.value}
              </Text>
            </Group>
          ))}
          <TextInput
            label={t('pay.cvv')}
            placeholder="123"
            inputMode="numeric"
            maxLength={4}
            {...form.getInputProps('cvv')}
          />
          <Button type="submit" fullWidth>
            {t('pay.submit')}
          </Button>
        </Stack>
      </form>
    </DashCard>
  );
}

interface ChatMessage {
  id: number;
  mine: boolean;
  text: string;
}

export function ChatCard() {
  const { t } = useTranslation('dashboards');
  const [messages, setMessages] = useState<ChatMessage[]>(() =>
    (t('chat.seed', { returnObjects: true }) as string[]).map((text, i) => ({
      id: i + 1,
      mine: i % 2 === 1,
      text,
    })),
  );
  const [draft, setDraft] = useState('');
  const viewport = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (viewport.current) viewport.current.scrollTop = viewport.current.scrollHeight;
  }, [messages]);
  const send = (e: FormEvent) => {
    e.preventDefault();
    const text = draft.trim();
    if (!text) return;
    setMessages((m) => [...m, { id: Math.max(0, ...m.map((x) => x.id)) + 1, mine: true, text }]);
    setDraft('');
  };
  return (
    <DashCard padding={0} testId="chat-card">
      <Group
        p="md"
        gap="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Avatar name="Carrie Hayes" color="initials" />
        <div>
          <Text fw={600} size="sm">
            Carrie Hayes
          </Text>
          <Text size="xs" c="teal">
            {t('chat.online')}
          </Text>
        </div>
      </Group>
      <ScrollArea h={280} viewportRef={viewport} p="md">
        <Stack gap="xs" data-testid="chat-messages">
          {messages.map((m) => (
            <Group key={m.id} justify={m.mine ? 'flex-end' : 'flex-start'}>
              <Paper
                px="sm"
                py={6}
                radius="md"
                maw="80%"
                bg={m.mine ? 'brand' : 'var(--mantine-color-default-hover)'}
                c={m.mine ? 'white' : undefined}
              >
                <Text size="sm">{m.text}</Text>
              </Paper>
            </Group>
          ))}
        </Stack>
      </ScrollArea>
      <form onSubmit={send}>
        <Group
          p="md"
          gap="xs"
          wrap="nowrap"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <TextInput
            flex={1}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            placeholder={t('chat.placeholder')}
            aria-label={t('chat.placeholder')}
          />
          <ActionIcon type="submit" size="lg" aria-label={t('chat.send')} disabled={!draft.trim()}>
            <IconSend size={18} />
          </ActionIcon>
        </Group>
      </form>
    </DashCard>
  );
}
