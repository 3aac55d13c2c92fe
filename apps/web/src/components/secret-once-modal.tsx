import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useKeptWhileClosing } from '@/lib/use-kept-while-closing';

export interface SecretOnceModalProps {
  /** What was just made and its secret; null closes the dialog. */
  shown: { name: string; secret: string } | null;
  onClose: () => void;
  /** The dialog's title, naming what was made. */
  title: (name: string) => string;
  /** That the secret is shown this once. */
  warning: string;
  /** How to use it (e.g. the header it goes in). */
  hint: string;
  labels: { copy: string; copied: string; done: string };
  /** Test id of the secret's box. */
  testId: string;
  size?: string;
}

/**
 * A secret shown once after it is made (an API token, a webhook's signing secret): a warning, the
 * secret to copy, how to use it. The server keeps only its hash or a sealed copy.
 */
export function SecretOnceModal({
  shown,
  onClose,
  title,
  warning,
  hint,
  labels,
  testId,
  size,
}: SecretOnceModalProps) {
  const kept = useKeptWhileClosing(shown, shown !== null);
  return (
    <Modal
      opened={shown !== null}
      onClose={onClose}
      title={title(kept?.name ?? '')}
      size={size}
      centered
    >
      <Stack>
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
          {warning}
        </Alert>
        <Code block data-testid={testId} style={{ wordBreak: 'break-all' }}>
          {kept?.secret}
        </Code>
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
        <Group justify="flex-end">
          <CopyButton value={kept?.secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? labels.copied : labels.copy}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{labels.done}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
