import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Checkbox,
  Divider,
  FileInput,
  Grid,
  Group,
  Loader,
  MultiSelect,
  Pagination,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
  Typography,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@/lib/toast';
import { useAddressParams } from '@/lib/use-address-params';
import { useAddressText } from '@/lib/use-address-text';
import {
  IconAlertCircle,
  IconBookmark,
  IconChartPie,
  IconCube,
  IconFileImport,
  IconMessage,
  IconPhoto,
  IconReportMoney,
  IconSearch,
  IconShare,
  IconTag,
  IconTimeline,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';
import { AxiosError } from 'axios';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { RichTextEditor } from '@/components/rich-text-editor';
import {
  blogCategories,
  useAddComment,
  useBlogDetail,
  useBlogEdit,
  useBlogList,
  useBlogSidebar,
  useSaveBlog,
  type BlogCategory,
} from '../api/blog';

const imgIcon: Record<string, Icon> = {
  budget: IconWallet,
  capex: IconChartPie,
  cube: IconCube,
  import: IconFileImport,
  scenario: IconTimeline,
  report: IconReportMoney,
};
const tagColor: Record<BlogCategory, string> = {
  Fashion: 'brand',
  Food: 'green',
  Gaming: 'red',
  Quote: 'orange',
  Video: 'cyan',
};
const PAGE_SIZE = 4;

/** Illustration of a post, drawn locally (the console loads nothing from other sites). */
function Cover({ img, h = 200 }: { img: string; h?: number }) {
  const IconCmp = imgIcon[img] ?? IconPhoto;
  return (
    <Center
      h={h}
      style={{
        background:
          'linear-gradient(135deg, var(--mantine-color-brand-light), var(--mantine-color-brand-light-hover))',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      <IconCmp size={h / 3} stroke={1.2} color="var(--mantine-color-brand-filled)" />
    </Center>
  );
}

const initials = (name: string) =>
  name
    .split(' ')
    .map((p) => p[0])
    .join('')
    .slice(0, 2);

function useDate() {
  const { i18n } = useTranslation();
  return (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
}

function Failed({ notFound }: { notFound?: boolean }) {
  const { t } = useTranslation('pages');
  return (
    <Alert
      color="red"
      icon={<IconAlertCircle />}
      title={notFound ? t('blog.notFound') : t('loadError')}
    >
      {notFound ? (
        <Anchor component={Link} to="/pages/blog/list">
          {t('blog.backToList')}
        </Anchor>
      ) : (
        t('loadErrorText')
      )}
    </Alert>
  );
}

const isNotFound = (err: unknown) => err instanceof AxiosError && err.response?.status === 404;

function Sidebar({ q, onSearch }: { q: string; onSearch: (v: string) => void }) {
  const { t } = useTranslation('pages');
  const sidebar = useBlogSidebar();
  const fmt = useDate();
  return (
    <Stack gap="lg">
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('blog.search')}
        aria-label={t('blog.search')}
        value={q}
        onChange={(e) => onSearch(e.currentTarget.value)}
      />
      <div>
        <Title order={5} mb="sm">
          {t('blog.recentPosts')}
        </Title>
        {sidebar.isPending ? (
          <Loader size="sm" />
        ) : sidebar.isError ? (
          <Text c="red" size="sm">
            {t('loadError')}
          </Text>
        ) : (
          <Stack gap="sm">
            {sidebar.data.recentPosts.map((p) => (
              <Group key={p.id} wrap="nowrap" gap="sm" align="flex-start">
                <Box w={72} style={{ flexShrink: 0 }}>
                  <Cover img={p.img} h={56} />
                </Box>
                <div>
                  <Anchor
                    component={Link}
                    to={`/pages/blog/${p.id}`}
                    size="sm"
                    fw={500}
                    lineClamp={2}
                  >
                    {p.title}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {fmt(p.createdTime)}
                  </Text>
                </div>
              </Group>
            ))}
          </Stack>
        )}
      </div>
      <div>
        <Title order={5} mb="sm">
          {t('blog.categories')}
        </Title>
        <Stack gap={6}>
          {blogCategories.map((c) => (
            <Group key={c} gap="xs">
              <ThemeIcon size="sm" variant="light" color={tagColor[c]}>
                <IconTag size={12} />
              </ThemeIcon>
              <Text size="sm">{t(`blog.category.${c}`)}</Text>
            </Group>
          ))}
        </Stack>
      </div>
    </Stack>
  );
}

function Layout({
  children,
  q,
  onSearch,
}: {
  children: ReactNode;
  q: string;
  onSearch: (v: string) => void;
}) {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>{children}</Grid.Col>
      <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
        <Sidebar q={q} onSearch={onSearch} />
      </Grid.Col>
    </Grid>
  );
}

/** Blog list: post cards, search by title, pages of four. */
export function BlogListPage() {
  const { t } = useTranslation('pages');
  const [params, setParams] = useAddressParams();
  const q = params.get('q') ?? '';
  const list = useBlogList(q);
  const fmt = useDate();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const posts = list.data ?? [];
  const pages = Math.max(1, Math.ceil(posts.length / PAGE_SIZE));
  const shown = posts.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const set = (patch: Record<string, string>) =>
    setParams(
      (n) => {
        for (const [k, v] of Object.entries(patch)) {
          if (v) n.set(k, v);
          else n.delete(k);
        }
        return n;
      },
      { replace: true },
    );
  // The box keeps every keystroke; its text goes into the address after a short pause.
  const search = useAddressText(q, (v) => set({ q: v, page: '' }), 200);
  return (
    <Layout q={search.text} onSearch={search.change}>
      {list.isError ? (
        <Failed />
      ) : list.isPending ? (
        <Center mih={240}>
          <Loader />
        </Center>
      ) : shown.length === 0 ? (
        <Card padding="xl" radius="md">
          <Text ta="center" c="dimmed">
            {t('blog.empty')}
          </Text>
        </Card>
      ) : (
        <Stack gap="lg" data-testid="blog-list">
          <Grid gap="lg">
            {shown.map((p) => (
              <Grid.Col key={p.id} span={{ base: 12, sm: 6 }}>
                <Card padding="lg" radius="md" shadow="sm" h="100%">
                  <Card.Section>
                    <Cover img={p.img} h={180} />
                  </Card.Section>
                  <Stack gap="xs" mt="md" style={{ flex: 1 }}>
                    <Anchor
                      component={Link}
                      to={`/pages/blog/${p.id}`}
                      fw={600}
                      size="lg"
                      c="var(--mantine-color-text)"
                      lineClamp={2}
                    >
                      {p.title}
                    </Anchor>
                    <Group gap="xs">
                      <Avatar size="sm" radius="xl" color="brand">
                        {initials(p.userFullName)}
                      </Avatar>
                      <Text size="sm" c="dimmed">
                        {t('blog.by', { name: p.userFullName })} · {fmt(p.blogPosted)}
                      </Text>
                    </Group>
                    <Group gap={6}>
                      {p.tags.map((tag) => (
                        <Badge key={tag} variant="light" color={tagColor[tag]}>
                          {t(`blog.category.${tag}`)}
                        </Badge>
                      ))}
                    </Group>
                    <Text size="sm" c="dimmed" lineClamp={3} style={{ flex: 1 }}>
                      {p.excerpt}
                    </Text>
                    <Divider />
                    <Group justify="space-between">
                      <Anchor component={Link} to={`/pages/blog/${p.id}#blogComment`} size="sm">
                        <Group gap={4}>
                          <IconMessage size={16} />
                          {t('blog.comments', { count: p.comment })}
                        </Group>
                      </Anchor>
                      <Anchor component={Link} to={`/pages/blog/${p.id}`} size="sm" fw={600}>
                        {t('blog.readMore')}
                      </Anchor>
                    </Group>
                  </Stack>
                </Card>
              </Grid.Col>
            ))}
          </Grid>
          {pages > 1 && (
            <Center>
              <Pagination total={pages} value={page} onChange={(n) => set({ page: String(n) })} />
            </Center>
          )}
        </Stack>
      )}
    </Layout>
  );
}

function CommentForm({ id }: { id: number }) {
  const { t } = useTranslation('pages');
  const add = useAddComment(id);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', email: '', website: '', comment: '', remember: false },
    validate: {
      name: (v) => (v.trim() ? null : t('blog.errors.name')),
      email: (v) => (/^\S+@\S+\.\S+$/.test(v) ? null : t('blog.errors.email')),
      website: (v) => (!v || /^https?:\/\/\S+\.\S+/.test(v) ? null : t('blog.errors.website')),
      comment: (v) => (v.trim() ? null : t('blog.errors.comment')),
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ remember: _r, ...v }) =>
        add.mutate(v, {
          onSuccess: () => {
            form.reset();
            notifications.show({ color: 'teal', message: t('blog.commentPosted') });
          },
          onError: () => notifications.show({ color: 'red', message: t('loadErrorText') }),
        }),
      )}
    >
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('blog.name')} required {...form.getInputProps('name')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t('blog.email')}
            required
            type="email"
            {...form.getInputProps('email')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextInput
            label={t('blog.website')}
            placeholder="https://"
            {...form.getInputProps('website')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea
            label={t('blog.comment')}
            required
            autosize
            minRows={4}
            {...form.getInputProps('comment')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Checkbox
            label={t('blog.remember')}
            {...form.getInputProps('remember', { type: 'checkbox' })}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Button type="submit" loading={add.isPending}>
            {t('blog.postComment')}
          </Button>
        </Grid.Col>
      </Grid>
    </form>
  );
}

/** One post with its comments and a working comment form. */
export function BlogDetailPage() {
  const { t } = useTranslation('pages');
  const id = Number(useParams().id);
  const detail = useBlogDetail(Number.isInteger(id) && id > 0 ? id : -1);
  const fmt = useDate();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const search = (v: string) => {
    setQ(v);
    if (v) navigate(`/pages/blog/list?q=${encodeURIComponent(v)}`);
  };
  if (detail.isError) return <Failed notFound={isNotFound(detail.error)} />;
  if (detail.isPending)
    return (
      <Center mih={240}>
        <Loader />
      </Center>
    );
  const { blog, comments } = detail.data;
  return (
    <Layout q={q} onSearch={search}>
      <Stack gap="lg" data-testid="blog-detail">
        <Card padding="lg" radius="md" shadow="sm">
          <Card.Section>
            <Cover img={blog.img} h={280} />
          </Card.Section>
          <Title order={2} mt="md">
            {blog.title}
          </Title>
          <Group gap="xs" mt="xs">
            <Avatar size="sm" radius="xl" color="brand">
              {initials(blog.userFullName)}
            </Avatar>
            <Text size="sm" c="dimmed">
              {t('blog.by', { name: blog.userFullName })} · {fmt(blog.createdTime)}
            </Text>
          </Group>
          <Group gap={6} mt="sm">
            {blog.tags.map((tag) => (
              <Badge key={tag} variant="light" color={tagColor[tag]}>
                {t(`blog.category.${tag}`)}
              </Badge>
            ))}
          </Group>
          <Typography mt="md">
            {/* Trusted demo content authored in the console's own editor. */}
            <div dangerouslySetInnerHTML={{ __html: blog.content }} />
          </Typography>
          <Divider my="md" />
          <Group justify="space-between">
            <Group gap="lg">
              <Group gap={4}>
                <IconMessage size={18} />
                <Text size="sm">{comments.length}</Text>
              </Group>
              <Group gap={4}>
                <IconBookmark size={18} />
                <Text size="sm">{blog.bookmarked}</Text>
              </Group>
            </Group>
            <Group gap="xs">
              <Button component={Link} to={`/pages/blog/edit/${blog.id}`} variant="light" size="xs">
                {t('blog.edit')}
              </Button>
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconShare size={14} />}
                onClick={() =>
                  void navigator.clipboard
                    ?.writeText(window.location.href)
                    .then(() => notifications.show({ message: t('blog.linkCopied') }))
                }
              >
                {t('blog.share')}
              </Button>
            </Group>
          </Group>
        </Card>
        <div id="blogComment">
          <Title order={4} mb="sm">
            {t('blog.comments', { count: comments.length })}
          </Title>
          <Stack gap="sm">
            {comments.map((c) => (
              <Card key={c.id} padding="md" radius="md" shadow="xs">
                <Group gap="sm" align="flex-start" wrap="nowrap">
                  <Avatar radius="xl" color="teal">
                    {initials(c.name)}
                  </Avatar>
                  <div>
                    <Text fw={600} size="sm">
                      {c.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {fmt(c.createdTime)}
                    </Text>
                    <Text size="sm" mt={4}>
                      {c.comment}
                    </Text>
                  </div>
                </Group>
              </Card>
            ))}
          </Stack>
        </div>
        <Card padding="lg" radius="md" shadow="sm">
          <Title order={4} mb="md">
            {t('blog.leaveComment')}
          </Title>
          <CommentForm id={blog.id} />
        </Card>
      </Stack>
    </Layout>
  );
}

/** Edit a post; saving keeps the changes for this page load. */
export function BlogEditPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const edit = useBlogEdit(valid ? id : -1);
  if (edit.isError) return <Failed notFound={isNotFound(edit.error)} />;
  if (edit.isPending)
    return (
      <Center mih={240}>
        <Loader />
      </Center>
    );
  return <BlogEditForm key={edit.data.id} data={edit.data} />;
}

function BlogEditForm({ data }: { data: NonNullable<ReturnType<typeof useBlogEdit>['data']> }) {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const save = useSaveBlog(data.id);
  const [imageError, setImageError] = useState<string | null>(null);
  const fmt = useDate();
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      blogTitle: data.blogTitle,
      blogCategories: data.blogCategories as string[],
      slug: data.slug,
      status: data.status as string,
      excerpt: data.excerpt,
      content: data.content,
    },
    validate: {
      blogTitle: (v) => (v.trim() ? null : t('blog.errors.title')),
      slug: (v) => (/^[a-z0-9]+(-[a-z0-9]+)*$/.test(v) ? null : t('blog.errors.slug')),
      content: (v) => (v.replace(/<[^>]*>/g, '').trim() ? null : t('blog.errors.content')),
    },
  });
  return (
    <Card padding="lg" radius="md" shadow="sm" data-testid="blog-edit">
      <Group gap="sm" mb="lg">
        <Avatar radius="xl" color="brand">
          {initials(data.userFullName)}
        </Avatar>
        <div>
          <Text fw={600}>{data.userFullName}</Text>
          <Text size="xs" c="dimmed">
            {fmt(data.createdTime)}
          </Text>
        </div>
      </Group>
      <form
        noValidate
        onSubmit={form.onSubmit((v) =>
          save.mutate(
            {
              ...v,
              blogCategories: v.blogCategories as BlogCategory[],
              status: v.status as 'Published',
            },
            {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: t('blog.saved') });
                navigate(`/pages/blog/${data.id}`);
              },
              onError: (err) => {
                const errors =
                  err instanceof AxiosError
                    ? (err.response?.data as { errors?: Record<string, string> } | undefined)
                        ?.errors
                    : undefined;
                if (errors?.slug === 'taken')
                  form.setFieldError('slug', t('blog.errors.slugTaken'));
                else notifications.show({ color: 'red', message: t('loadErrorText') });
              },
            },
          ),
        )}
      >
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t('blog.title')} required {...form.getInputProps('blogTitle')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <MultiSelect
              label={t('blog.categoryLabel')}
              data={blogCategories.map((c) => ({ value: c, label: t(`blog.category.${c}`) }))}
              {...form.getInputProps('blogCategories')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t('blog.slug')} required {...form.getInputProps('slug')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label={t('blog.status')}
              allowDeselect={false}
              data={(['Published', 'Pending', 'Draft'] as const).map((s) => ({
                value: s,
                label: t(`blog.statuses.${s}`),
              }))}
              {...form.getInputProps('status')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <Textarea
              label={t('blog.excerpt')}
              autosize
              minRows={2}
              {...form.getInputProps('excerpt')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <RichTextEditor
              label={t('blog.content')}
              headings
              minHeight={220}
              value={form.values.content}
              onChange={(v) => form.setFieldValue('content', v)}
              error={form.errors.content as string | undefined}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <Text fw={500} size="sm" mb={4}>
              {t('blog.featuredImage')}
            </Text>
            <Group align="flex-start" wrap="nowrap">
              <Box w={160} style={{ flexShrink: 0 }}>
                <Cover img={data.featuredImage} h={100} />
              </Box>
              <Stack gap={4} style={{ flex: 1 }}>
                <FileInput
                  accept="image/png,image/jpeg,image/gif"
                  placeholder={t('blog.chooseFile')}
                  aria-label={t('blog.featuredImage')}
                  error={imageError}
                  clearable
                  onChange={(f) =>
                    setImageError(
                      f && f.size > 10 * 1024 * 1024 ? t('blog.errors.imageSize') : null,
                    )
                  }
                />
                <Text size="xs" c="dimmed">
                  {t('blog.imageHint')}
                </Text>
              </Stack>
            </Group>
          </Grid.Col>
          <Grid.Col span={12}>
            <Group>
              <Button type="submit" loading={save.isPending} disabled={!!imageError}>
                {t('blog.saveChanges')}
              </Button>
              <Button variant="default" component={Link} to={`/pages/blog/${data.id}`}>
                {t('blog.cancel')}
              </Button>
            </Group>
          </Grid.Col>
        </Grid>
      </form>
    </Card>
  );
}
