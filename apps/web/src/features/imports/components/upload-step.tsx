import '@mantine/dropzone/styles.css';
import { Alert, Button, Group, Progress, Select, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import {
  IconFileSpreadsheet,
  IconPlayerPause,
  IconPlayerPlay,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import { FILE_LIMITS } from '@fiscus/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ChunkedUpload,
  UploadCancelledError,
  type UploadProgress,
  type UploadState,
  type UploadedFile,
} from '@/lib/chunked-upload';
import { messageOf } from '@/lib/api-client';
import { useOp } from '@/lib/qry';
import { formatBytes, formatDuration } from '../lib/status';
import { shownName } from '@/lib/names';

/** File kinds offered by the picker (the server checks the content). */
const accept = {
  'text/csv': ['.csv'],
  'text/plain': ['.txt', '.tsv'],
  'text/tab-separated-values': ['.tsv'],
  'application/vnd.ms-excel': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

/**
 * Step 1: the target object and the file. The file goes up in chunks as soon as it is dropped
 * (pause, resume, cancel; a lost connection resumes by itself); `onUploaded` follows once both
 * the file and the object are there.
 */
export function UploadStep({
  objectId,
  onObjectChange,
  objectError,
  creating,
  createError,
  onUploaded,
}: {
  objectId: string | null;
  onObjectChange: (id: string | null) => void;
  objectError?: string;
  creating: boolean;
  createError: string | null;
  onUploaded: (file: UploadedFile) => void;
}) {
  const { t, i18n } = useTranslation('imports');
  const objects = useOp('objects.list', {});
  const upload = useRef<ChunkedUpload | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<UploadState | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);

  // Leaving the wizard stops an upload on the way (the server keeps what it has).
  useEffect(() => () => upload.current?.cancel(), []);

  const start = (f: File) => {
    if (f.size === 0) {
      setError(t('upload.empty'));
      return;
    }
    upload.current?.cancel();
    setFile(f);
    setError(null);
    setUploaded(null);
    setProgress(null);
    const u = new ChunkedUpload(f, { onProgress: setProgress, onStateChange: setState });
    upload.current = u;
    u.start().then(
      (out) => {
        if (upload.current !== u) return;
        setUploaded(out);
      },
      (err: unknown) => {
        if (upload.current !== u) return;
        if (err instanceof UploadCancelledError) return;
        setError(err instanceof Error ? err.message : messageOf(err));
      },
    );
  };

  const cancel = () => {
    upload.current?.cancel();
    upload.current = null;
    setFile(null);
    setState(null);
    setProgress(null);
  };

  // Continue by itself once the file is stored and the object chosen.
  const handedOver = useRef<string | null>(null);
  useEffect(() => {
    if (uploaded && objectId && handedOver.current !== uploaded.fileId + objectId) {
      handedOver.current = uploaded.fileId + objectId;
      onUploaded(uploaded);
    }
  }, [uploaded, objectId, onUploaded]);

  const onReject = (rejections: FileRejection[]) => {
    const code = rejections[0]?.errors[0]?.code;
    setError(
      code === 'file-too-large'
        ? t('upload.tooLarge', { size: formatBytes(FILE_LIMITS.chunkedMaxBytes, i18n.language) })
        : code === 'too-many-files'
          ? t('upload.oneFile')
          : t('upload.wrongType'),
    );
  };

  const busy = state === 'uploading' || state === 'waiting' || state === 'paused';

  // Closing the tab while the file goes up asks first (a picked file cannot come back by itself).
  useEffect(() => {
    if (!busy) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);
  const pct = progress ? Math.round(progress.fraction * 100) : 0;
  const objectOptions = (objects.data?.items ?? []).map((o) => ({
    value: o.id,
    label: shownName(o),
  }));

  return (
    <Stack gap="md">
      <Select
        label={t('upload.object')}
        description={t('upload.objectHint')}
        placeholder={t('upload.objectPlaceholder')}
        data={objectOptions}
        value={objectId}
        onChange={onObjectChange}
        searchable
        required
        nothingFoundMessage={t('upload.noObjects')}
        error={objectError ?? (objects.isError ? messageOf(objects.error) : undefined)}
        disabled={creating}
        data-testid="wizard-object"
      />
      {!file && (
        <Dropzone
          onDrop={(files) => files[0] && start(files[0])}
          onReject={onReject}
          maxSize={FILE_LIMITS.chunkedMaxBytes}
          multiple={false}
          accept={accept}
          data-testid="wizard-dropzone"
        >
          <Group justify="center" gap="lg" mih={150} style={{ pointerEvents: 'none' }}>
            <Dropzone.Accept>
              <IconUpload size={44} stroke={1.5} color="var(--mantine-primary-color-filled)" />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={44} stroke={1.5} color="var(--mantine-color-red-6)" />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconFileSpreadsheet size={44} stroke={1.5} color="var(--mantine-color-dimmed)" />
            </Dropzone.Idle>
            <div>
              <Text size="lg" inline>
                {t('upload.drop')}
              </Text>
              <Text size="sm" c="dimmed" inline mt={7} display="block">
                {t('upload.dropHint', {
                  size: formatBytes(FILE_LIMITS.chunkedMaxBytes, i18n.language),
                })}
              </Text>
            </div>
          </Group>
        </Dropzone>
      )}
      {file && (
        <Stack gap={6} data-testid="wizard-upload-progress">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" fw={500} truncate>
              {file.name}
            </Text>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {pct}%
            </Text>
          </Group>
          <Progress
            value={pct}
            size="lg"
            color={error ? 'red' : state === 'done' ? 'teal' : undefined}
            animated={state === 'uploading'}
            aria-label={t('upload.progress')}
          />
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="xs" c="dimmed" data-testid="wizard-upload-stats">
              {t('upload.bytes', {
                loaded: formatBytes(progress?.loaded ?? 0, i18n.language),
                total: formatBytes(file.size, i18n.language),
              })}
              {state === 'uploading' && progress && progress.speed > 0 && (
                <>
                  {' · '}
                  {t('upload.speed', { speed: formatBytes(progress.speed, i18n.language) })}
                  {progress.secondsLeft !== null &&
                    ` · ${t('upload.left', { time: formatDuration(progress.secondsLeft) })}`}
                </>
              )}
            </Text>
            <Text
              size="xs"
              c={state === 'waiting' ? 'orange' : 'dimmed'}
              data-testid="upload-state"
            >
              {state ? t(`upload.state.${state}`) : ''}
            </Text>
          </Group>
          {busy && (
            <Group gap="xs">
              {state === 'paused' ? (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPlayerPlay size={14} />}
                  onClick={() => upload.current?.resume()}
                >
                  {t('upload.resume')}
                </Button>
              ) : (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPlayerPause size={14} />}
                  onClick={() => upload.current?.pause()}
                >
                  {t('upload.pause')}
                </Button>
              )}
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconX size={14} />}
                onClick={cancel}
              >
                {t('common:actions.cancel')}
              </Button>
            </Group>
          )}
          {state === 'done' && !objectId && (
            <Text size="sm" c="orange">
              {t('upload.chooseObject')}
            </Text>
          )}
        </Stack>
      )}
      {error && (
        <Alert color="red" title={t('upload.failed')} data-testid="wizard-upload-error">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{error}</Text>
            {file && (
              <Button size="xs" variant="light" onClick={cancel}>
                {t('upload.another')}
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      {creating && (
        <Text size="sm" c="dimmed">
          {t('upload.reading')}
        </Text>
      )}
      {createError && (
        <Alert color="red" data-testid="wizard-create-error">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{createError}</Text>
            {uploaded && objectId && (
              <Button size="xs" variant="light" onClick={() => onUploaded(uploaded)}>
                {t('common:retry')}
              </Button>
            )}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
