import { Button, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/** A toolbar button acting on the selected import, with a hint when it cannot. */
export function SelectionAction({
  tip,
  icon,
  disabled,
  loading,
  onClick,
  testId,
  children,
}: {
  tip: string;
  icon: ReactNode;
  disabled: boolean;
  loading?: boolean;
  onClick: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Tooltip label={tip}>
      <span>
        <Button
          size="xs"
          variant="default"
          leftSection={icon}
          disabled={disabled}
          loading={loading}
          onClick={onClick}
          data-testid={testId}
        >
          {children}
        </Button>
      </span>
    </Tooltip>
  );
}
