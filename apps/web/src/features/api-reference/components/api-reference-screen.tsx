import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconApi, IconDownload, IconExternalLink, IconKey, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appConfig } from '@/lib/config';
import { useTheme } from '@/lib/theme-store';
import classes from './api-reference.module.css';

const DOCUMENT_PATH = '/api/openapi.json';
const PAGE_PATH = '/api/reference';

type FrameState =
  | { state: 'loading' }
  | { state: 'ready' }
  | { state: 'error'; reason: 'document' | 'viewer' | 'page' };

/** The reference page's address with the console's language and skin. */
function pageUrl(lang: string, dark: boolean): string {
  const q = new URLSearchParams({ lang, skin: dark ? 'dark' : 'light' });
  return `${appConfig.apiBaseUrl}${PAGE_PATH}?${q.toString()}`;
}

/**
 * The API reference: the server's reference page (`GET /api/reference`, Scalar API Reference
 * over the OpenAPI document, outside the console's build) in a frame, with how to authenticate
 * and where to make an API token. The page tells its state by `postMessage` (loading, ready, or
 * which part failed); the console passes it its language and skin, at first in the address and
 * then by message, so a change needs no reload.
 */
export function ApiReferenceScreen() {
  const { t, i18n } = useTranslation('api-reference');
  const dark = useTheme((s) => s.skin) === 'dark';
  const lang = i18n.language;
  const frame = useRef<HTMLIFrameElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<FrameState>({ state: 'loading' });
  const look = useRef({ dark, lang });
  look.current = { dark, lang };
  // The address is made once per attempt: later changes of the look go by message.
  const [src, setSrc] = useState(() => pageUrl(lang, dark));

  useEffect(() => {
    const origin = new URL(src, window.location.href).origin;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      const data = event.data as { type?: unknown; state?: unknown; reason?: unknown } | null;
      if (!data || data.type !== 'fiscus-reference') return;
      if (data.state === 'ready') setStatus({ state: 'ready' });
      else if (data.state === 'loading') setStatus({ state: 'loading' });
      else if (data.state === 'error')
        setStatus({
          state: 'error',
          reason: data.reason === 'document' || data.reason === 'viewer' ? data.reason : 'page',
        });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [src]);

  useEffect(() => {
    const target = frame.current?.contentWindow;
    if (!target || status.state !== 'ready') return;
    target.postMessage(
      { type: 'fiscus-reference-look', dark, lang },
      new URL(src, window.location.href).origin,
    );
  }, [dark, lang, status.state, src]);

  /** A frame that loaded something other than the reference page (an error page, no server). */
  const onLoad = () => {
    let ours = false;
    try {
      ours = Boolean(frame.current?.contentDocument?.documentElement.dataset.state);
    } catch {
      ours = false;
    }
    if (!ours) setStatus({ state: 'error', reason: 'page' });
  };

  const retry = () => {
    setStatus({ state: 'loading' });
    setSrc(pageUrl(look.current.lang, look.current.dark));
    setAttempt((n) => n + 1);
  };

  const failed = status.state === 'error' ? status.reason : null;
  const failedText =
    failed === 'document'
      ? t('failedDocument')
      : failed === 'viewer'
        ? t('failedViewer')
        : t('failedPage');

  return (
    <Stack gap="md">
      <Card withBorder padding="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={6} className={classes.intro}>
            <Group gap="xs" wrap="nowrap">
              <IconApi size={22} aria-hidden />
              <Title order={4}>{t('title')}</Title>
            </Group>
            <Text size="sm" c="dimmed">
              {t('intro')}
            </Text>
            <Text size="sm">
              {t('auth')}{' '}
              <Anchor component={Link} to="/pages/account-setting?tab=tokens" size="sm">
                {t('makeToken')}
              </Anchor>
            </Text>
            <code className={classes.snippet}>
              {
                'curl -X POST "$FISCUS_URL/api/qry" -H "Authorization: Bearer $FISCUS_TOKEN" \\\n  -H \'Content-Type: application/json\' -d \'{"op":"objects.list"}\''
              }
            </code>
          </Stack>
          <Group gap="xs">
            <Button
              component={Link}
              to="/pages/account-setting?tab=tokens"
              variant="light"
              leftSection={<IconKey size={16} />}
            >
              {t('tokens')}
            </Button>
            <Button
              component="a"
              href={`${appConfig.apiBaseUrl}${DOCUMENT_PATH}`}
              download="fiscus-openapi.json"
              variant="default"
              leftSection={<IconDownload size={16} />}
            >
              {t('download')}
            </Button>
            <Button
              component="a"
              href={pageUrl(lang, dark)}
              target="_blank"
              rel="noopener"
              variant="default"
              leftSection={<IconExternalLink size={16} />}
            >
              {t('openPage')}
            </Button>
          </Group>
        </Group>
      </Card>

      {failed ? (
        <Alert color="red" title={t('failedTitle')} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{failedText}</Text>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconRefresh size={14} />}
              onClick={retry}
            >
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : null}

      <Card
        withBorder
        padding={0}
        className={classes.viewer}
        data-testid="api-reference-viewer"
        hidden={failed !== null}
      >
        {status.state === 'loading' ? (
          <div className={classes.overlay}>
            <Group gap="sm">
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                {t('loading')}
              </Text>
            </Group>
          </div>
        ) : null}
        <iframe
          key={attempt}
          ref={frame}
          src={src}
          title={t('frameTitle')}
          className={classes.frame}
          data-state={status.state}
          onLoad={onLoad}
        />
      </Card>
    </Stack>
  );
}
