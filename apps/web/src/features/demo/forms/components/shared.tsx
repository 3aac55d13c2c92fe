import { Card, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card of the forms demo. */
export function DemoCard({
  title,
  text,
  children,
  testId,
}: {
  title: string;
  text?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card withBorder radius="md" padding="lg" h="100%" data-testid={testId}>
      <Title order={4} size="h5">
        {title}
      </Title>
      {text && (
        <Text size="sm" c="dimmed" mt={4}>
          {text}
        </Text>
      )}
      <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>{children}</div>
    </Card>
  );
}
