import {
  ActionIcon,
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  Center,
  Grid,
  Group,
  Loader,
  Progress,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconBrandTwitter,
  IconCalendar,
  IconChartBar,
  IconHeart,
  IconHeartFilled,
  IconMail,
  IconMapPin,
  IconMessage,
  IconPencil,
  IconPhoto,
  IconSend,
  IconShare,
  IconStar,
  IconStarFilled,
  IconUserPlus,
  IconWorld,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProfile, type ProfileData, type ProfilePost } from '../api/profile';

const initials = (name: string) =>
  name
    .split(' ')
    .map((p) => p[0])
    .join('')
    .slice(0, 2);
const hues = ['brand', 'teal', 'grape', 'orange', 'cyan', 'pink', 'lime', 'indigo', 'red'];

function Tile({ seed, h }: { seed: number; h: number }) {
  const color = hues[seed % hues.length];
  return (
    <Center
      h={h}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: `linear-gradient(135deg, var(--mantine-color-${color}-light), var(--mantine-color-${color}-light-hover))`,
      }}
    >
      <IconPhoto size={h / 3} stroke={1.2} color={`var(--mantine-color-${color}-filled)`} />
    </Center>
  );
}

function Post({ post }: { post: ProfilePost }) {
  const { t } = useTranslation('pages');
  const [liked, setLiked] = useState(post.youLiked);
  const [comments, setComments] = useState(post.detailedComments);
  const [draft, setDraft] = useState('');
  const likes = post.likes + (liked !== post.youLiked ? (liked ? 1 : -1) : 0);
  return (
    <Card padding="lg" radius="md" shadow="sm">
      <Group gap="sm" mb="sm">
        <Avatar radius="xl" color="brand">
          {initials(post.username)}
        </Avatar>
        <div>
          <Text fw={600} size="sm">
            {post.username}
          </Text>
          <Text size="xs" c="dimmed">
            {post.postTime}
          </Text>
        </div>
      </Group>
      <Text size="sm" mb="sm">
        {post.postText}
      </Text>
      <Tile seed={post.id} h={220} />
      <Group justify="space-between" mt="sm">
        <Group gap="md">
          <Button
            variant="subtle"
            size="compact-sm"
            color={liked ? 'red' : 'gray'}
            leftSection={liked ? <IconHeartFilled size={16} /> : <IconHeart size={16} />}
            onClick={() => setLiked((v) => !v)}
            aria-pressed={liked}
          >
            {likes.toLocaleString()}
          </Button>
          <Avatar.Group spacing="sm">
            {post.likedUsers.slice(0, 4).map((u) => (
              <Tooltip key={u.username} label={u.username}>
                <Avatar size="sm" radius="xl" color="teal">
                  {initials(u.username)}
                </Avatar>
              </Tooltip>
            ))}
            <Avatar size="sm" radius="xl">
              +{post.likedCount}
            </Avatar>
          </Avatar.Group>
        </Group>
        <Group gap="md">
          <Group gap={4}>
            <IconMessage size={16} />
            <Text size="sm">{comments.length}</Text>
          </Group>
          <Group gap={4}>
            <IconShare size={16} />
            <Text size="sm">{post.share}</Text>
          </Group>
        </Group>
      </Group>
      {comments.length > 0 && (
        <Stack gap="xs" mt="md">
          {comments.map((c, i) => (
            <Group key={i} gap="sm" align="flex-start" wrap="nowrap">
              <Avatar size="sm" radius="xl" color="grape">
                {initials(c.username)}
              </Avatar>
              <div>
                <Text size="sm" fw={600}>
                  {c.username}
                </Text>
                <Text size="sm">{c.comment}</Text>
              </div>
            </Group>
          ))}
        </Stack>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!draft.trim()) return;
          setComments((c) => [
            ...c,
            {
              avatar: '',
              username: 'Kitty Allanson',
              comment: draft.trim(),
              commentsLikes: 0,
              youLiked: false,
            },
          ]);
          setDraft('');
        }}
      >
        <Group mt="md" gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            placeholder={t('profile.addComment')}
            aria-label={t('profile.addComment')}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
          />
          <ActionIcon
            type="submit"
            size="lg"
            aria-label={t('profile.postComment')}
            disabled={!draft.trim()}
          >
            <IconSend size={16} />
          </ActionIcon>
        </Group>
      </form>
    </Card>
  );
}

function About({ data }: { data: ProfileData }) {
  const { t } = useTranslation('pages');
  const a = data.userAbout;
  return (
    <Card padding="lg" radius="md" shadow="sm">
      <Title order={5} mb="xs">
        {t('profile.about')}
      </Title>
      <Text size="sm" mb="md">
        {a.about}
      </Text>
      <Stack gap={8}>
        <Group gap="xs">
          <IconCalendar size={16} />
          <Text size="sm">
            {t('profile.joined')}: {a.joined}
          </Text>
        </Group>
        <Group gap="xs">
          <IconMapPin size={16} />
          <Text size="sm">
            {t('profile.lives')}: {a.lives}
          </Text>
        </Group>
        <Group gap="xs">
          <IconMail size={16} />
          <Text size="sm">{a.email}</Text>
        </Group>
        <Group gap="xs">
          <IconWorld size={16} />
          <Text size="sm">{a.website}</Text>
        </Group>
      </Stack>
    </Card>
  );
}

function Friends({ data }: { data: ProfileData }) {
  const { t } = useTranslation('pages');
  const [added, setAdded] = useState<Set<string>>(new Set());
  return (
    <Card padding="lg" radius="md" shadow="sm">
      <Title order={5} mb="sm">
        {t('profile.suggestions')}
      </Title>
      <Stack gap="sm">
        {data.suggestions.map((s) => (
          <Group key={s.name} justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Avatar radius="xl" color="cyan">
                {initials(s.name)}
              </Avatar>
              <div>
                <Text size="sm" fw={600}>
                  {s.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {s.mutualFriend}
                </Text>
              </div>
            </Group>
            <ActionIcon
              variant={added.has(s.name) ? 'filled' : 'light'}
              aria-label={t('profile.addFriend', { name: s.name })}
              aria-pressed={added.has(s.name)}
              onClick={() =>
                setAdded((x) => {
                  const n = new Set(x);
                  if (n.has(s.name)) n.delete(s.name);
                  else n.add(s.name);
                  return n;
                })
              }
            >
              <IconUserPlus size={16} />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

function Polls({ data }: { data: ProfileData }) {
  const { t } = useTranslation('pages');
  const [vote, setVote] = useState<string | null>(null);
  const base = data.polls.map((p) => p.votedUser.length * 10);
  const counts = data.polls.map((p, i) => (base[i] ?? 0) + (vote === p.name ? 1 : 0));
  const total = counts.reduce((a, b) => a + b, 0) || 1;
  return (
    <Card padding="lg" radius="md" shadow="sm">
      <Title order={5} mb={4}>
        {t('profile.polls')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('profile.pollQuestion')}
      </Text>
      <Stack gap="sm">
        {data.polls.map((p, i) => (
          <Box key={p.name}>
            <Group justify="space-between" mb={4}>
              <Button
                size="compact-sm"
                variant={vote === p.name ? 'filled' : 'light'}
                leftSection={<IconChartBar size={14} />}
                onClick={() => setVote(p.name)}
                aria-pressed={vote === p.name}
              >
                {p.name}
              </Button>
              <Text size="sm" fw={600}>
                {Math.round(((counts[i] ?? 0) / total) * 100)}%
              </Text>
            </Group>
            <Progress value={((counts[i] ?? 0) / total) * 100} />
          </Box>
        ))}
      </Stack>
    </Card>
  );
}

/** Profile: header with tabs, about, suggested pages, feeds, posts, photos, suggestions, polls. */
export function ProfilePage() {
  const { t } = useTranslation('pages');
  const q = useProfile();
  const [tab, setTab] = useState<string | null>('feed');
  const [favorites, setFavorites] = useState<Set<string>>(new Set());
  const [loadingMore, setLoadingMore] = useState(false);
  const [noMore, setNoMore] = useState(false);
  useEffect(() => {
    if (q.data)
      setFavorites(new Set(q.data.suggestedPages.filter((p) => p.favorite).map((p) => p.username)));
  }, [q.data]);
  useEffect(() => {
    if (!loadingMore) return;
    const timer = setTimeout(() => {
      setLoadingMore(false);
      setNoMore(true);
    }, 800);
    return () => clearTimeout(timer);
  }, [loadingMore]);
  if (q.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={t('loadError')}>
        {t('loadErrorText')}
      </Alert>
    );
  if (q.isPending)
    return (
      <Center mih={300}>
        <Loader />
      </Center>
    );
  const d = q.data;
  return (
    <Stack gap="lg" data-testid="profile-page">
      <Card padding={0} radius="md" shadow="sm">
        <Box
          h={220}
          style={{
            background:
              'linear-gradient(120deg, var(--mantine-color-brand-4), var(--mantine-color-grape-4), var(--mantine-color-cyan-4))',
          }}
        />
        <Group justify="space-between" align="flex-end" px="lg" pb="md" mt={-50} wrap="wrap">
          <Group gap="md" align="flex-end">
            <Avatar
              size={110}
              radius="md"
              color="brand"
              variant="filled"
              style={{ border: '4px solid var(--mantine-color-body)' }}
            >
              {initials(d.header.username)}
            </Avatar>
            <div>
              <Title order={3}>{d.header.username}</Title>
              <Text c="dimmed">{d.header.designation}</Text>
            </div>
          </Group>
          <Button
            component={Link}
            to="/pages/account-setting"
            leftSection={<IconPencil size={16} />}
          >
            {t('profile.edit')}
          </Button>
        </Group>
        <Tabs value={tab} onChange={setTab} px="lg" pb="sm">
          <Tabs.List>
            {(['feed', 'about', 'photos', 'friends'] as const).map((k) => (
              <Tabs.Tab key={k} value={k}>
                {t(`profile.tabs.${k}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      </Card>

      {tab === 'about' && <About data={d} />}
      {tab === 'photos' && (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
          {d.latestPhotos.map((p, i) => (
            <Tile key={p.img} seed={i} h={160} />
          ))}
        </SimpleGrid>
      )}
      {tab === 'friends' && <Friends data={d} />}
      {tab === 'feed' && (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 3 }} order={{ base: 2, lg: 1 }}>
            <Stack gap="lg">
              <About data={d} />
              <Card padding="lg" radius="md" shadow="sm">
                <Title order={5} mb="sm">
                  {t('profile.suggestedPages')}
                </Title>
                <Stack gap="sm">
                  {d.suggestedPages.map((p) => (
                    <Group key={p.username} justify="space-between" wrap="nowrap">
                      <Group gap="sm" wrap="nowrap">
                        <Avatar radius="xl" color="orange">
                          {initials(p.username)}
                        </Avatar>
                        <div>
                          <Text size="sm" fw={600}>
                            {p.username}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {p.subtitle}
                          </Text>
                        </div>
                      </Group>
                      <ActionIcon
                        variant="subtle"
                        color="yellow"
                        aria-label={t('profile.favorite', { name: p.username })}
                        aria-pressed={favorites.has(p.username)}
                        onClick={() =>
                          setFavorites((x) => {
                            const n = new Set(x);
                            if (n.has(p.username)) n.delete(p.username);
                            else n.add(p.username);
                            return n;
                          })
                        }
                      >
                        {favorites.has(p.username) ? (
                          <IconStarFilled size={16} />
                        ) : (
                          <IconStar size={16} />
                        )}
                      </ActionIcon>
                    </Group>
                  ))}
                </Stack>
              </Card>
              <Card padding="lg" radius="md" shadow="sm">
                <Title order={5} mb="sm">
                  {t('profile.twitterFeeds')}
                </Title>
                <Stack gap="md">
                  {d.twitterFeeds.map((f) => (
                    <div key={f.title}>
                      <Group gap="xs">
                        <IconBrandTwitter size={16} color="var(--mantine-color-cyan-6)" />
                        <Text size="sm" fw={600}>
                          {f.title}
                        </Text>
                        <Text size="xs" c="dimmed">
                          @{f.id}
                        </Text>
                      </Group>
                      <Text size="sm">{f.desc}</Text>
                      <Text size="xs" c="brand">
                        {f.tags}
                      </Text>
                    </div>
                  ))}
                </Stack>
              </Card>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }} order={{ base: 1, lg: 2 }}>
            <Stack gap="lg">
              {d.post.map((p) => (
                <Post key={p.id} post={p} />
              ))}
              <Center>
                <Button
                  variant="light"
                  loading={loadingMore}
                  disabled={noMore}
                  onClick={() => setLoadingMore(true)}
                >
                  {noMore ? t('profile.noMore') : t('profile.loadMore')}
                </Button>
              </Center>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 3 }} order={3}>
            <Stack gap="lg">
              <Card padding="lg" radius="md" shadow="sm">
                <Title order={5} mb="sm">
                  {t('profile.latestPhotos')}
                </Title>
                <SimpleGrid cols={3} spacing="xs">
                  {d.latestPhotos.map((p, i) => (
                    <Tile key={p.img} seed={i} h={64} />
                  ))}
                </SimpleGrid>
              </Card>
              <Friends data={d} />
              <Polls data={d} />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
