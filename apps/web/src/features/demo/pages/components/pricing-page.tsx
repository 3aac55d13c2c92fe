import {
  Accordion,
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Group,
  List,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconBuildingSkyscraper,
  IconCircleCheck,
  IconRocket,
  IconSeedling,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePricing, type PricingPlan } from '../api/pricing';

type PlanKey = 'basic' | 'standard' | 'enterprise';
const planIcons = { basic: IconSeedling, standard: IconRocket, enterprise: IconBuildingSkyscraper };

function PlanCard({
  planKey,
  plan,
  annual,
}: {
  planKey: PlanKey;
  plan: PricingPlan;
  annual: boolean;
}) {
  const { t } = useTranslation('pages');
  const IconCmp = planIcons[planKey];
  const perMonth = annual ? plan.yearlyPlan.perMonth : plan.monthlyPrice;
  const benefits = t(`pricing.plans.${planKey}.benefits`, {
    returnObjects: true,
    defaultValue: plan.planBenefits,
  }) as string[];
  return (
    <Card
      padding="xl"
      radius="md"
      shadow="sm"
      withBorder
      data-testid={`plan-${planKey}`}
      style={
        plan.popular
          ? { borderColor: 'var(--mantine-color-brand-filled)', borderWidth: 2 }
          : undefined
      }
    >
      <Stack align="center" gap="sm" h="100%">
        {plan.popular && (
          <Badge variant="light" style={{ alignSelf: 'flex-end' }}>
            {t('pricing.popular')}
          </Badge>
        )}
        <ThemeIcon size={72} radius={36} variant="light" mt={plan.popular ? 0 : 30}>
          <IconCmp size={40} stroke={1.4} />
        </ThemeIcon>
        <Title order={3}>{t(`pricing.plans.${planKey}.title`, { defaultValue: plan.title })}</Title>
        <Text c="dimmed" size="sm" ta="center">
          {t(`pricing.plans.${planKey}.subtitle`, { defaultValue: plan.subtitle })}
        </Text>
        <Group gap={4} align="flex-start" wrap="nowrap">
          <Text size="lg" fw={600} c="brand" mt={6}>
            $
          </Text>
          <Text fz={48} fw={700} c="brand" lh={1} data-testid={`price-${planKey}`}>
            {perMonth}
          </Text>
          <Text c="dimmed" mt="auto">
            /{t('pricing.month')}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" h={20} data-testid={`total-${planKey}`}>
          {annual && plan.yearlyPlan.totalAnual > 0
            ? t('pricing.perYear', { total: plan.yearlyPlan.totalAnual })
            : ''}
        </Text>
        <List
          spacing="xs"
          size="sm"
          center
          icon={<IconCircleCheck size={16} color="var(--mantine-color-teal-6)" />}
          style={{ flex: 1, alignSelf: 'stretch' }}
        >
          {benefits.map((b) => (
            <List.Item key={b}>{b}</List.Item>
          ))}
        </List>
        {planKey === 'basic' ? (
          <Button fullWidth variant="light" color="teal">
            {t('pricing.currentPlan')}
          </Button>
        ) : (
          <Button fullWidth variant={plan.popular ? 'filled' : 'outline'}>
            {t('pricing.upgrade')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** Pricing: plans with the monthly/annual switch, a free-trial banner and questions. */
export function PricingPage() {
  const { t } = useTranslation('pages');
  const pricing = usePricing();
  const [annual, setAnnual] = useState(false);
  if (pricing.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={t('loadError')}>
        {t('loadErrorText')}
      </Alert>
    );
  if (pricing.isPending)
    return (
      <Center mih={300}>
        <Loader />
      </Center>
    );
  const data = pricing.data;
  return (
    <Stack gap="xl" data-testid="pricing-page">
      <Stack align="center" gap="xs">
        <Title order={1} size="h2" ta="center">
          {t('pricing.title')}
        </Title>
        <Text c="dimmed" ta="center" maw={620}>
          {t('pricing.subtitle')}
        </Text>
        <Group gap="sm" mt="sm">
          <Text fw={annual ? 400 : 600}>{t('pricing.monthly')}</Text>
          <Switch
            checked={annual}
            onChange={(e) => setAnnual(e.currentTarget.checked)}
            aria-label={t('pricing.annually')}
            data-testid="pricing-switch"
            size="md"
          />
          <Text fw={annual ? 600 : 400}>{t('pricing.annually')}</Text>
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" maw={1100} mx="auto" w="100%">
        <PlanCard planKey="basic" plan={data.basicPlan} annual={annual} />
        <PlanCard planKey="standard" plan={data.standardPlan} annual={annual} />
        <PlanCard planKey="enterprise" plan={data.enterprisePlan} annual={annual} />
      </SimpleGrid>
      <Paper radius="md" p="xl" bg="var(--mantine-color-brand-light)" maw={1100} mx="auto" w="100%">
        <Group justify="space-between" wrap="wrap" gap="md">
          <Box>
            <Title order={3} c="brand">
              {t('pricing.trialTitle')}
            </Title>
            <Text c="dimmed">{t('pricing.trialText')}</Text>
          </Box>
          <Button size="md">{t('pricing.trialButton')}</Button>
        </Group>
      </Paper>
      <Stack maw={900} mx="auto" w="100%" gap="sm">
        <Title order={3} ta="center">
          {t('pricing.faqTitle')}
        </Title>
        <Text c="dimmed" ta="center">
          {t('pricing.faqText')}
        </Text>
        <Accordion variant="separated" radius="md">
          {data.qandA.map((e) => (
            <Accordion.Item key={e.question} value={e.question}>
              <Accordion.Control>{e.question}</Accordion.Control>
              <Accordion.Panel>
                <Text size="sm">{e.ans}</Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>
    </Stack>
  );
}
