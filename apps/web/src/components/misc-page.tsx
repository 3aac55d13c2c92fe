import { Box, Center, Group, Image, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { appConfig } from '@/lib/config';
import { LanguageSwitch } from './language-switch';

/**
 * The frame of the miscellaneous pages: brand, language switch, a large icon, title, text and
 * actions.
 */
export function MiscPage({
  icon: IconCmp,
  color,
  title,
  text,
  children,
  testId,
}: {
  icon: Icon;
  color: string;
  title: string;
  text: ReactNode;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <Box mih="100vh" p="xl" pos="relative" data-testid={testId}>
      <Link
        to="/"
        style={{ textDecoration: 'none', position: 'absolute', top: 24, left: 28 }}
        aria-label={appConfig.appName}
      >
        <Group gap="xs">
          <Image src="/logo.svg" w={32} h={32} alt="" />
          <Text fw={700} size="xl" c="brand">
            {appConfig.appName}
          </Text>
        </Group>
      </Link>
      <Box pos="absolute" top={20} right={24}>
        <LanguageSwitch />
      </Box>
      <Center mih="calc(100vh - 64px)">
        <Stack align="center" gap="md" maw={560}>
          <ThemeIcon size={140} radius={70} variant="light" color={color}>
            <IconCmp size={80} stroke={1.2} />
          </ThemeIcon>
          <Title order={1} size="h2" ta="center">
            {title}
          </Title>
          <Text c="dimmed" ta="center" size="lg">
            {text}
          </Text>
          {children}
        </Stack>
      </Center>
    </Box>
  );
}
