import { Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LightLanguageSwitch } from '@/components/language-switch-light';
import { appConfig } from '@/lib/config';
import { AuthIllustration, type IllustrationKind } from './auth-illustration';
import classes from './auth.module.css';

const cls = (...names: string[]) => names.map((n) => classes[n] ?? '').join(' ');

/** `card`: a centered card (v1); `split`: an illustration beside the form (v2 and the main pages). */
export type AuthVariant = 'card' | 'split';

function Brand({ className }: { className: string }) {
  return (
    <Link to="/" className={className} aria-label={appConfig.appName}>
      <Group gap="xs" wrap="nowrap">
        <Image src="/logo.svg" w={32} h={32} alt="" />
        <Text fw={700} size="xl" c="brand">
          {appConfig.appName}
        </Text>
      </Group>
    </Link>
  );
}

interface AuthLayoutProps {
  variant: AuthVariant;
  illustration: IllustrationKind;
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  testId: string;
}

/** The full-layout frame of every sign-in screen. */
export function AuthLayout({
  variant,
  illustration,
  title,
  subtitle,
  children,
  testId,
}: AuthLayoutProps) {
  const heading = (
    <Stack gap={6} mb="lg">
      <Title order={1} size="h3">
        {title}
      </Title>
      {subtitle && (
        <Text c="dimmed" size="sm">
          {subtitle}
        </Text>
      )}
    </Stack>
  );

  if (variant === 'card') {
    return (
      <main className={cls('page', 'cardPage')} data-testid={testId} data-variant="card">
        <div className={cls('lang')}>
          <LightLanguageSwitch />
        </div>
        <div className={cls('cardWrap')}>
          <Paper
            className={cls('card')}
            shadow="md"
            radius="md"
            p={{ base: 'lg', xs: 'xl' }}
            withBorder
          >
            <Group justify="center" mb="lg">
              <Brand className={cls('cardBrand')} />
            </Group>
            {heading}
            {children}
          </Paper>
        </div>
      </main>
    );
  }

  return (
    <main className={cls('page', 'split')} data-testid={testId} data-variant="split">
      <Brand className={cls('brand')} />
      <div className={cls('lang')}>
        <LightLanguageSwitch />
      </div>
      <div className={cls('art')} aria-hidden>
        <AuthIllustration kind={illustration} />
      </div>
      <div className={cls('formSide')}>
        <div className={cls('formInner')}>
          {heading}
          {children}
        </div>
      </div>
    </main>
  );
}
