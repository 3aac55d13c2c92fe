import { buildAbility, type AppRule } from '@fiscus/contracts';
import {
  Alert,
  Badge,
  Card,
  Code,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconLock, IconLockOpen, IconShieldCheck } from '@tabler/icons-react';
import { useAbility } from '@casl/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AbilityContext } from '@/lib/ability';

/** The demo roles of the template (seed §6). */
const demoRoles: Record<'admin' | 'client', AppRule[]> = {
  admin: [{ action: 'manage', subject: 'all' }],
  client: [
    { action: 'read', subject: 'ACL' },
    { action: 'read', subject: 'Auth' },
  ],
};

type Mode = 'mine' | 'admin' | 'client';

/** Access Control: cards that appear or not depending on the ability in force. */
export function AccessControlPage() {
  const { t } = useTranslation('pages');
  const mine = useAbility(AbilityContext);
  const [mode, setMode] = useState<Mode>('mine');
  const ability = useMemo(
    () => (mode === 'mine' ? mine : buildAbility(demoRoles[mode])),
    [mode, mine],
  );
  const canAdmin = ability.can('manage', 'all');
  const rules = mode === 'mine' ? (mine.rules as AppRule[]) : demoRoles[mode];
  return (
    <Stack gap="lg" data-testid="access-control">
      <Group justify="space-between" wrap="wrap">
        <Text c="dimmed">{t('acl.intro')}</Text>
        <SegmentedControl
          value={mode}
          onChange={(v) => setMode(v as Mode)}
          data={[
            { value: 'mine', label: t('acl.mine') },
            { value: 'admin', label: t('acl.admin') },
            { value: 'client', label: t('acl.client') },
          ]}
          aria-label={t('acl.previewAs')}
          data-testid="acl-mode"
        />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card padding="lg" radius="md" shadow="sm" data-testid="acl-common">
          <Group gap="sm" mb="sm">
            <ThemeIcon variant="light" color="teal" size="lg">
              <IconLockOpen size={20} />
            </ThemeIcon>
            <Title order={4}>{t('acl.commonTitle')}</Title>
          </Group>
          <Text size="sm">{t('acl.commonText')}</Text>
        </Card>
        {canAdmin ? (
          <Card padding="lg" radius="md" shadow="sm" data-testid="acl-admin">
            <Group gap="sm" mb="sm">
              <ThemeIcon variant="light" color="brand" size="lg">
                <IconShieldCheck size={20} />
              </ThemeIcon>
              <Title order={4}>{t('acl.adminTitle')}</Title>
            </Group>
            <Text size="sm">{t('acl.adminText')}</Text>
          </Card>
        ) : (
          <Alert
            color="orange"
            icon={<IconLock />}
            title={t('acl.hiddenTitle')}
            data-testid="acl-hidden"
          >
            {t('acl.hiddenText')}
          </Alert>
        )}
      </SimpleGrid>
      <Card padding="lg" radius="md" shadow="sm">
        <Group justify="space-between" mb="sm">
          <Title order={5}>{t('acl.rules')}</Title>
          <Badge variant="light">{t('acl.ruleCount', { count: rules.length })}</Badge>
        </Group>
        <Table.ScrollContainer minWidth={320}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('acl.action')}</Table.Th>
                <Table.Th>{t('acl.subject')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rules.map((r, i) => (
                <Table.Tr key={i}>
                  <Table.Td>
                    <Code>{String(r.action)}</Code>
                  </Table.Td>
                  <Table.Td>
                    <Code>{String(r.subject)}</Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
}
