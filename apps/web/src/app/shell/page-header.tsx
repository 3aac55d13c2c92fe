import { Anchor, Breadcrumbs, Divider, Group, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_PATH } from '../routes-table';
import { useCurrentRoute } from './use-current-route';

/** Page title and breadcrumb trail of the current route (routes-table `title` and `breadcrumb`). */
export function PageHeader() {
  const route = useCurrentRoute();
  const { t } = useTranslation('menu');
  if (!route?.title || !route.breadcrumb) return null;
  const title = t(route.title.replace('menu:', ''));
  return (
    <Group gap="md" mb="lg" wrap="wrap" data-testid="page-header">
      <Title order={2} size="h3" fw={500}>
        {title}
      </Title>
      <Divider orientation="vertical" className="hide-sm" />
      <Breadcrumbs separator="›" aria-label={t('breadcrumb')}>
        <Anchor component={Link} to={HOME_PATH} aria-label={t('home')}>
          <IconHome size={16} style={{ verticalAlign: 'middle' }} />
        </Anchor>
        {route.breadcrumb.map((c, i) =>
          c.to ? (
            <Anchor key={i} component={Link} to={c.to} size="sm">
              {t(c.title.replace('menu:', ''))}
            </Anchor>
          ) : (
            <Text key={i} size="sm" c="dimmed">
              {t(c.title.replace('menu:', ''))}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </Group>
  );
}
