import '@mantine/dropzone/styles.css';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { notifications } from '@/lib/toast';
import {
  IconCheck,
  IconDatabase,
  IconFileSpreadsheet,
  IconPlugConnected,
  IconX,
} from '@tabler/icons-react';
import {
  sslModes,
  type Datasource,
  type OpInput,
  type OpOutput,
  type SslMode,
} from '@fiscus/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorOf, messageOf } from '@/lib/api-client';
import { startChunkedUpload } from '@/lib/chunked-upload';
import { useOpMutation } from '@/lib/qry';

type Kind = Datasource['kind'];
type TestAnswer = OpOutput<'datasources.test'>;

interface Values {
  name: string;
  kind: Kind;
  url: string;
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
  clearPassword: boolean;
  sslMode: SslMode;
  fileId: string | null;
  fileName: string | null;
}

/** Kinds that connect to a database server (host, port, user, password). */
const isServer = (kind: Kind): boolean => kind === 'postgres' || kind === 'mysql';
const DEFAULT_PORT: Partial<Record<Kind, number>> = { postgres: 5432, mysql: 3306 };
const PROTOCOLS: Partial<Record<Kind, string[]>> = {
  postgres: ['postgres:', 'postgresql:'],
  mysql: ['mysql:', 'mariadb:'],
};

/** The SSL mode an address names (libpq's `sslmode`, MySQL's `ssl-mode`), as the server reads it. */
function sslModeOf(u: URL): SslMode | undefined {
  const mode = (u.searchParams.get('sslmode') ?? u.searchParams.get('ssl-mode') ?? '')
    .toLowerCase()
    .replaceAll('_', '-');
  if (mode === 'disable' || mode === 'disabled') return 'disable';
  if (mode === 'allow' || mode === 'prefer' || mode === 'preferred') return 'prefer';
  if (mode === 'require' || mode === 'required') return 'require';
  if (mode === 'verify-ca' || mode === 'verify-full' || mode === 'verify-identity')
    return 'verify-full';
  return undefined;
}

function initial(source: Datasource | null): Values {
  return {
    name: source?.name ?? '',
    kind: source?.kind ?? 'postgres',
    url: '',
    host: source?.host ?? '',
    port: source?.port ?? DEFAULT_PORT[source?.kind ?? 'postgres'] ?? 5432,
    database: source?.database ?? '',
    user: source?.user ?? '',
    password: '',
    clearPassword: false,
    sslMode: source?.sslMode ?? 'prefer',
    fileId: source?.fileId ?? null,
    fileName: source?.fileName ?? null,
  };
}

/**
 * Fills the fields from a pasted postgres:// or mysql:// address (the server reads it the same
 * way).
 */
function fromUrl(v: Values, url: string): Values {
  try {
    const u = new URL(url.trim());
    if (!PROTOCOLS[v.kind]?.includes(u.protocol)) return { ...v, url };
    return {
      ...v,
      url,
      host: u.hostname || v.host,
      port: u.port ? Number(u.port) : (DEFAULT_PORT[v.kind] ?? v.port),
      database: decodeURIComponent(u.pathname.replace(/^\//, '')) || v.database,
      user: u.username ? decodeURIComponent(u.username) : v.user,
      password: u.password ? decodeURIComponent(u.password) : v.password,
      sslMode: sslModeOf(u) ?? v.sslMode,
    };
  } catch {
    return { ...v, url };
  }
}

/** New or edit form of a data source, with Test connection before saving. */
export function DatasourceForm({
  opened,
  source,
  onClose,
}: {
  opened: boolean;
  source: Datasource | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('datasources');
  const [v, setV] = useState<Values>(() => initial(source));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [test, setTest] = useState<TestAnswer | null>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const create = useOpMutation('datasources.create');
  const update = useOpMutation('datasources.update');
  const tester = useOpMutation('datasources.test');
  useEffect(() => {
    if (!opened) return;
    setV(initial(source));
    setErrors({});
    setTest(null);
  }, [opened, source]);
  const set = (patch: Partial<Values>) => {
    setV((x) => ({ ...x, ...patch }));
    setTest(null);
  };

  const settings = () =>
    isServer(v.kind)
      ? {
          host: v.host.trim(),
          port: v.port,
          database: v.database.trim(),
          user: v.user.trim(),
          sslMode: v.sslMode,
          ...(v.password ? { password: v.password } : {}),
        }
      : { ...(v.fileId ? { fileId: v.fileId } : {}) };

  const check = (): boolean => {
    const errs: Record<string, string> = {};
    if (!v.name.trim()) errs.name = t('form.required');
    if (isServer(v.kind)) {
      if (!v.host.trim()) errs.host = t('form.required');
      if (!v.database.trim()) errs.database = t('form.required');
      if (!v.user.trim()) errs.user = t('form.required');
    } else if (!v.fileId) errs.fileId = t('form.required');
    setErrors(errs);
    return Object.keys(errs).length === 0;
  };
  const fail = (err: unknown) => {
    const fields = errorOf(err)?.fields;
    if (fields)
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, m]) => [k, m[0] ?? ''])));
    notifications.show({ color: 'red', message: messageOf(err) });
  };

  const runTest = () => {
    const input: OpInput<'datasources.test'> = source
      ? { id: source.id, ...settings() }
      : { kind: v.kind, ...settings() };
    tester.mutate(input, { onSuccess: setTest, onError: fail });
  };
  const save = () => {
    if (!check()) return;
    const done = () => {
      notifications.show({ color: 'teal', message: t('sources.saved') });
      onClose();
    };
    if (source)
      update.mutate(
        {
          id: source.id,
          name: v.name.trim(),
          ...settings(),
          ...(v.clearPassword && !v.password ? { password: null } : {}),
        },
        { onSuccess: done, onError: fail },
      );
    else
      create.mutate(
        { name: v.name.trim(), kind: v.kind, ...settings() },
        {
          onSuccess: (created) => {
            // Tested before saving: the stored source is tested once more, so its state says so.
            if (test?.ok) tester.mutate({ id: created.id });
            done();
          },
          onError: fail,
        },
      );
  };

  const upload = async (file: File) => {
    setUploading(file.name);
    try {
      const { done } = startChunkedUpload(file);
      const stored = await done;
      set({ fileId: stored.fileId, fileName: stored.name });
    } catch (err) {
      notifications.show({ color: 'red', message: messageOf(err) });
    } finally {
      setUploading(null);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={source ? t('form.titleEdit') : t('form.titleNew')}
      size="lg"
      fullScreen={typeof window !== 'undefined' && window.innerWidth < 576}
    >
      <Stack gap="sm" data-testid="datasource-form">
        <TextInput
          label={t('sources.name')}
          value={v.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          error={errors.name}
          required
          data-autofocus
        />
        {!source && (
          <SegmentedControl
            value={v.kind}
            onChange={(k) => {
              const kind = k as Kind;
              // A new kind's usual port, unless one was typed.
              const port =
                v.port === DEFAULT_PORT[v.kind] ? (DEFAULT_PORT[kind] ?? v.port) : v.port;
              set({ kind, port, url: '' });
            }}
            data={[
              { value: 'postgres', label: t('kinds.postgres') },
              { value: 'mysql', label: t('kinds.mysql') },
              { value: 'sqlite', label: t('kinds.sqlite') },
              { value: 'file', label: t('kinds.file') },
            ]}
          />
        )}
        {isServer(v.kind) ? (
          <>
            <TextInput
              label={t('form.url')}
              description={v.kind === 'mysql' ? t('form.urlHintMysql') : t('form.urlHint')}
              value={v.url}
              onChange={(e) => setV((x) => fromUrl(x, e.currentTarget.value))}
              error={errors.url}
              autoComplete="off"
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label={t('form.host')}
                value={v.host}
                onChange={(e) => set({ host: e.currentTarget.value })}
                error={errors.host}
                required
                style={{ gridColumn: 'span 2' }}
              />
              <NumberInput
                label={t('form.port')}
                value={v.port}
                min={1}
                max={65535}
                onChange={(n) => set({ port: Number(n) || (DEFAULT_PORT[v.kind] ?? 5432) })}
                error={errors.port}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('form.database')}
                value={v.database}
                onChange={(e) => set({ database: e.currentTarget.value })}
                error={errors.database}
                required
              />
              <TextInput
                label={t('form.user')}
                value={v.user}
                onChange={(e) => set({ user: e.currentTarget.value })}
                error={errors.user}
                required
                autoComplete="off"
              />
            </SimpleGrid>
            <PasswordInput
              label={t('form.password')}
              description={source?.hasPassword ? t('form.passwordStored') : undefined}
              value={v.password}
              onChange={(e) => set({ password: e.currentTarget.value })}
              error={errors.password}
              autoComplete="new-password"
            />
            {source?.hasPassword && (
              <Checkbox
                label={t('form.clearPassword')}
                checked={v.clearPassword}
                onChange={(e) => set({ clearPassword: e.currentTarget.checked })}
              />
            )}
            <Select
              label={t('form.sslMode')}
              value={v.sslMode}
              onChange={(m) => m && set({ sslMode: m as SslMode })}
              data={sslModes.map((m) => ({ value: m, label: t(`form.ssl.${m}`) }))}
              allowDeselect={false}
            />
          </>
        ) : (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {v.kind === 'file' ? t('form.tableFile') : t('form.file')}
            </Text>
            <Dropzone
              onDrop={(files) => files[0] && void upload(files[0])}
              multiple={false}
              loading={uploading !== null}
              data-testid={v.kind === 'file' ? 'file-dropzone' : 'sqlite-dropzone'}
            >
              <Group justify="center" gap="sm" mih={80} style={{ pointerEvents: 'none' }}>
                {v.kind === 'file' ? <IconFileSpreadsheet size={32} /> : <IconDatabase size={32} />}
                <Text size="sm" c="dimmed" ta="center">
                  {uploading
                    ? t('form.uploading', { name: uploading })
                    : v.fileName
                      ? t('form.uploaded', { name: v.fileName })
                      : v.kind === 'file'
                        ? t('form.tableFileHint')
                        : t('form.fileHint')}
                </Text>
              </Group>
            </Dropzone>
            {errors.fileId && (
              <Text size="xs" c="red">
                {errors.fileId}
              </Text>
            )}
          </Stack>
        )}
        {test && (
          <Alert
            color={test.ok ? 'teal' : 'red'}
            icon={test.ok ? <IconCheck size={18} /> : <IconX size={18} />}
            title={test.ok ? undefined : t('form.testFailed')}
            data-testid="datasource-test-result"
            role="status"
          >
            {test.ok
              ? t('form.testOk', { ms: test.ms, version: test.version ?? '' })
              : test.message}
          </Alert>
        )}
        <Group justify="space-between" wrap="wrap">
          <Button
            variant="light"
            leftSection={<IconPlugConnected size={16} />}
            onClick={runTest}
            loading={tester.isPending}
            data-testid="datasource-test"
          >
            {tester.isPending ? t('form.testing') : t('form.test')}
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button
              onClick={save}
              loading={create.isPending || update.isPending}
              data-testid="datasource-save"
            >
              {t('form.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
