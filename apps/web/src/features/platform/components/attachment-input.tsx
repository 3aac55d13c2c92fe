import { ActionIcon, Button, FileButton, Group, Progress, Text, Tooltip } from '@mantine/core';
import { notifications } from '@/lib/toast';
import { IconDownload, IconPaperclip } from '@tabler/icons-react';
import type { Field, FileInfo, UploadOutput } from '@fiscus/contracts';
import { AxiosError } from 'axios';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorOf, messageOf } from '@/lib/api-client';
import { startChunkedUpload, UploadError } from '@/lib/chunked-upload';
import { downloadFile } from '@/lib/download';
import { uploadMaxBytes } from '../api/files';
import { shownName } from '@/lib/names';

/** A size in bytes for people: B, KB, MB or GB in the user's locale. */
export function formatBytes(bytes: number, locale: string, t: TFunction): string {
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let n = bytes;
  let u = 0;
  while (n >= 1024 && u < units.length - 1) {
    n /= 1024;
    u += 1;
  }
  const num = n.toLocaleString(locale, { maximumFractionDigits: u === 0 ? 0 : 1 });
  return t(`attachment.units.${units[u]}`, { n: num });
}

/** The message of a failed upload: the server's own, else one for the HTTP status. */
export function uploadErrorOf(err: unknown, t: TFunction, locale: string): string {
  if (errorOf(err)) return messageOf(err);
  if (err instanceof AxiosError) {
    if (err.response?.status === 413)
      return t('attachment.tooLarge', { max: formatBytes(uploadMaxBytes, locale, t) });
    if (err.response?.status === 415) return t('attachment.badType');
  }
  return messageOf(err);
}

/**
 * An attachment field: the file's name and size, Download, and Upload with progress. `files`
 * holds what the form fetched for every attachment on screen (one query for all of them).
 */
export function AttachmentInput({
  field,
  value,
  onChange,
  error,
  readOnly,
  files,
  filesLoading,
}: {
  field: Field;
  value: unknown;
  onChange: (v: unknown) => void;
  error?: string;
  readOnly?: boolean;
  files: Map<string, FileInfo> | undefined;
  filesLoading?: boolean;
}) {
  const { t, i18n } = useTranslation('platform');
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<UploadOutput | null>(null);
  const [downloading, setDownloading] = useState<number | null>(null);
  const fileId = typeof value === 'string' && value ? value : null;
  const info: Pick<FileInfo, 'name' | 'size'> | undefined =
    (fileId && files?.get(fileId)) ||
    (fileId && uploaded?.fileId === fileId ? uploaded : undefined) ||
    undefined;

  const upload = async (file: File | null) => {
    if (!file) return;
    setUploadError(null);
    setProgress(0);
    try {
      let stored: UploadOutput;
      if (file.size > uploadMaxBytes) {
        // Large files go in resumable chunks (a dropped connection resumes by itself).
        const { done } = startChunkedUpload(file, {
          onProgress: (p) => setProgress(Math.min(100, Math.round(p.fraction * 100))),
        });
        const res = await done;
        stored = { fileId: res.fileId, name: res.name, size: res.size, type: res.type ?? '' };
      } else {
        const form = new FormData();
        form.append('file', file);
        const res = await api.post<UploadOutput>('/api/upload', form, {
          onUploadProgress: (e) => {
            const total = e.total ?? file.size;
            if (total > 0) setProgress(Math.min(100, Math.round((e.loaded / total) * 100)));
          },
        });
        stored = res.data;
      }
      setUploaded(stored);
      onChange(stored.fileId);
    } catch (err) {
      setUploadError(
        err instanceof UploadError ? err.message : uploadErrorOf(err, t, i18n.language),
      );
    } finally {
      setProgress(null);
    }
  };

  const download = async () => {
    if (!fileId) return;
    setDownloading(0);
    try {
      await downloadFile(fileId, info?.name ?? 'download', (loaded, total) =>
        setDownloading(total ? Math.round((loaded / total) * 100) : 0),
      );
    } catch (err) {
      notifications.show({
        color: 'red',
        title: t('attachment.downloadFailed'),
        message: messageOf(err),
      });
    } finally {
      setDownloading(null);
    }
  };

  const label = !fileId
    ? t('attachment.none')
    : info
      ? info.name
      : filesLoading
        ? t('common:loading')
        : t('attachment.missing');
  const shownError = error ?? uploadError;
  return (
    <div data-field={field.code}>
      <Text size="sm" fw={500} mb={4}>
        {shownName(field)}
        {field.options.required && (
          <Text span c="red" inherit>
            {' *'}
          </Text>
        )}
      </Text>
      <Group gap="xs" wrap="wrap">
        <IconPaperclip size={16} style={{ flexShrink: 0 }} />
        <div style={{ flex: '1 1 120px', minWidth: 0 }}>
          <Text
            size="sm"
            c={fileId && info ? undefined : 'dimmed'}
            truncate
            title={info?.name}
            data-testid="attachment-name"
          >
            {label}
          </Text>
          {info && (
            <Text size="xs" c="dimmed" data-testid="attachment-size">
              {formatBytes(info.size, i18n.language, t)}
            </Text>
          )}
        </div>
        {fileId && (
          <Tooltip label={t('common:actions.download')}>
            <ActionIcon
              variant="light"
              aria-label={t('common:actions.download')}
              loading={downloading !== null}
              onClick={() => void download()}
              data-testid="attachment-download"
            >
              <IconDownload size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        {!readOnly && (
          <FileButton onChange={(f) => void upload(f)}>
            {(props) => (
              <Button size="xs" variant="light" loading={progress !== null} {...props}>
                {fileId ? t('attachment.replace') : t('common:actions.upload')}
              </Button>
            )}
          </FileButton>
        )}
        {!readOnly && fileId && (
          <Button size="xs" variant="subtle" color="red" onClick={() => onChange(null)}>
            {t('common:actions.remove')}
          </Button>
        )}
      </Group>
      {progress !== null && (
        <Group gap="xs" mt={6} wrap="nowrap">
          <Progress
            value={progress}
            size="sm"
            style={{ flex: 1 }}
            aria-label={t('attachment.uploading', { pct: progress })}
          />
          <Text size="xs" c="dimmed" data-testid="attachment-progress">
            {t('attachment.uploading', { pct: progress })}
          </Text>
        </Group>
      )}
      {downloading !== null && downloading > 0 && (
        <Progress value={downloading} size="xs" mt={6} aria-label={t('common:actions.download')} />
      )}
      {shownError && (
        <Text size="xs" c="red" mt={4} role="alert">
          {shownError}
        </Text>
      )}
    </div>
  );
}
