import {
  ActionIcon,
  Group,
  Popover,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconFile, IconSearch, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { storageKeys } from '@/lib/config';
import { storage } from '@/lib/storage';
import { rank } from '../lib/rank';
import type { SearchPage } from '../types';

/** Pages pinned by default (DEMO.md §24). */
export const defaultBookmarks = ['/apps/calendar', '/apps/chat', '/apps/email', '/fiscus/todo'];

export function loadBookmarks(): string[] {
  try {
    const saved = JSON.parse(storage.get(storageKeys.bookmarks) ?? 'null') as unknown;
    if (Array.isArray(saved) && saved.every((x) => typeof x === 'string')) return saved as string[];
  } catch {
    /* ignore malformed storage */
  }
  return defaultBookmarks;
}

/** Navbar bookmarks: pinned pages as icons, and a star dropdown to find and pin pages. */
export function Bookmarks({ pages }: { pages: SearchPage[] }) {
  const { t } = useTranslation('search');
  const [pinned, setPinned] = useState<string[]>(loadBookmarks);
  const [query, setQuery] = useState('');
  const byHref = new Map(pages.map((p) => [p.href, p]));
  const toggle = (href: string) =>
    setPinned((list) => {
      const next = list.includes(href) ? list.filter((h) => h !== href) : [...list, href];
      storage.set(storageKeys.bookmarks, JSON.stringify(next));
      return next;
    });
  const results = query.trim()
    ? rank(pages, query, (p) => p.title, 6)
    : pages.filter((p) => pinned.includes(p.href)).slice(0, 6);
  return (
    <Group gap={2} wrap="nowrap" className="hide-sm" data-testid="bookmarks">
      {pinned.map((href) => {
        const page = byHref.get(href);
        if (!page) return null;
        const I = page.icon ?? IconFile;
        return (
          <Tooltip key={href} label={page.title}>
            <ActionIcon
              component={Link}
              to={href}
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={page.title}
            >
              <I size={20} stroke={1.6} />
            </ActionIcon>
          </Tooltip>
        );
      })}
      <Popover
        position="bottom-start"
        shadow="md"
        width={300}
        withinPortal
        onClose={() => setQuery('')}
      >
        <Popover.Target>
          <Tooltip label={t('bookmarks')}>
            <ActionIcon
              variant="subtle"
              color="yellow"
              size="lg"
              aria-label={t('bookmarks')}
              data-testid="bookmarks-toggle"
            >
              <IconStar size={20} />
            </ActionIcon>
          </Tooltip>
        </Popover.Target>
        <Popover.Dropdown p="xs">
          <TextInput
            size="sm"
            leftSection={<IconSearch size={16} />}
            placeholder={t('explore')}
            aria-label={t('explore')}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            mb="xs"
            data-autofocus
          />
          <ScrollArea.Autosize mah={280}>
            <Stack gap={2}>
              {results.length === 0 && (
                <Text size="sm" c="dimmed" ta="center" py="sm">
                  {t('noResults')}
                </Text>
              )}
              {results.map((p) => {
                const I = p.icon ?? IconFile;
                const on = pinned.includes(p.href);
                return (
                  <Group key={p.href} justify="space-between" wrap="nowrap" gap="xs">
                    <UnstyledButton component={Link} to={p.href} style={{ flex: 1 }}>
                      <Group gap="xs" wrap="nowrap">
                        <I size={16} />
                        <Text size="sm">{p.title}</Text>
                      </Group>
                    </UnstyledButton>
                    <ActionIcon
                      variant="subtle"
                      color="yellow"
                      aria-label={on ? t('unpin', { page: p.title }) : t('pin', { page: p.title })}
                      aria-pressed={on}
                      onClick={() => toggle(p.href)}
                    >
                      {on ? <IconStarFilled size={16} /> : <IconStar size={16} />}
                    </ActionIcon>
                  </Group>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
