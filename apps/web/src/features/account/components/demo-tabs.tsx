import {
  Alert,
  Button,
  Center,
  Divider,
  Grid,
  Group,
  Loader,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@/lib/toast';
import {
  IconAlertCircle,
  IconBrandFacebook,
  IconBrandGithub,
  IconBrandGoogle,
  IconBrandTwitter,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '@/lib/api-client';
import {
  useAccountSetting,
  useSaveAccountSetting,
  type AccountSettingData,
  type AccountSettingPatch,
} from '../api/account';

const urlOrEmpty = (msg: string) => (v: string) =>
  !v || /^https?:\/\/\S+\.\S+/.test(v) ? null : msg;
const countries = [
  'USA',
  'UK',
  'Germany',
  'France',
  'Portugal',
  'Brazil',
  'Russia',
  'Canada',
  'Australia',
  'India',
  'Japan',
  'China',
];

/** Loads the demo account data and hands it to a tab once it is there. */
function WithData({ children }: { children: (data: AccountSettingData) => ReactNode }) {
  const { t } = useTranslation('account');
  const q = useAccountSetting();
  if (q.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />}>
        {t('loadError')}
      </Alert>
    );
  if (q.isPending)
    return (
      <Center mih={160}>
        <Loader />
      </Center>
    );
  return <>{children(q.data)}</>;
}

function useSave() {
  const { t } = useTranslation('account');
  const save = useSaveAccountSetting();
  return {
    pending: save.isPending,
    run: (patch: AccountSettingPatch, done?: () => void) =>
      save.mutate(patch, {
        onSuccess: () => {
          done?.();
          notifications.show({ color: 'teal', message: t('saved') });
        },
        onError: (err) => notifications.show({ color: 'red', message: messageOf(err) }),
      }),
  };
}

function InfoForm({ data }: { data: AccountSettingData }) {
  const { t } = useTranslation('account');
  const save = useSave();
  const form = useForm({
    mode: 'controlled',
    initialValues: { ...data.info, dob: data.info.dob ? dayjs(data.info.dob).toDate() : null },
    validate: {
      website: urlOrEmpty(t('errors.url')),
      phone: (v) => (!v || /^[+\d][\d\s()-]{5,20}$/.test(v) ? null : t('errors.phone')),
      bio: (v) => (v.length > 500 ? t('errors.tooLong', { max: 500 }) : null),
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) =>
        save.run({ info: { ...v, dob: v.dob ? dayjs(v.dob).format('YYYY-MM-DD') : null } }, () =>
          form.resetDirty(),
        ),
      )}
    >
      <Grid gap="md">
        <Grid.Col span={12}>
          <Textarea
            label={t('info.bio')}
            autosize
            minRows={3}
            placeholder={t('info.bioPlaceholder')}
            {...form.getInputProps('bio')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <DatePickerInput
            label={t('info.dob')}
            placeholder={t('info.dobPlaceholder')}
            clearable
            maxDate={new Date()}
            {...form.getInputProps('dob')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            label={t('info.country')}
            data={countries}
            searchable
            {...form.getInputProps('country')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t('info.website')}
            placeholder="https://"
            {...form.getInputProps('website')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('info.phone')} {...form.getInputProps('phone')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Group>
            <Button type="submit" loading={save.pending}>
              {t('saveChanges')}
            </Button>
            <Button variant="default" onClick={form.reset}>
              {t('reset')}
            </Button>
          </Group>
        </Grid.Col>
      </Grid>
    </form>
  );
}

const linkKeys = ['twitter', 'facebook', 'google', 'linkedIn', 'instagram', 'quora'] as const;
const connectionIcons = {
  twitter: IconBrandTwitter,
  google: IconBrandGoogle,
  facebook: IconBrandFacebook,
  github: IconBrandGithub,
};

function SocialForm({ data }: { data: AccountSettingData }) {
  const { t } = useTranslation('account');
  const save = useSave();
  const form = useForm({
    mode: 'controlled',
    initialValues: data.social.socialLinks,
    validate: Object.fromEntries(linkKeys.map((k) => [k, urlOrEmpty(t('errors.url'))])),
  });
  return (
    <Stack gap="lg">
      <form
        noValidate
        onSubmit={form.onSubmit((v) =>
          save.run({ social: { socialLinks: v } }, () => form.resetDirty()),
        )}
      >
        <Title order={5} mb="sm">
          {t('social.links')}
        </Title>
        <Grid gap="md">
          {linkKeys.map((k) => (
            <Grid.Col key={k} span={{ base: 12, sm: 6 }}>
              <TextInput
                label={t(`social.${k}`)}
                placeholder={t('social.addLink')}
                {...form.getInputProps(k)}
              />
            </Grid.Col>
          ))}
          <Grid.Col span={12}>
            <Group>
              <Button type="submit" loading={save.pending}>
                {t('saveChanges')}
              </Button>
              <Button variant="default" onClick={form.reset}>
                {t('reset')}
              </Button>
            </Group>
          </Grid.Col>
        </Grid>
      </form>
      <Divider />
      <Title order={5}>{t('social.connections')}</Title>
      {(Object.keys(connectionIcons) as (keyof typeof connectionIcons)[]).map((k) => {
        const IconCmp = connectionIcons[k];
        const c = data.social.connections[k];
        return (
          <Group key={k} justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <IconCmp size={28} />
              <div>
                <Text fw={600} size="sm">
                  {t(`social.${k}`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {c.connected ? `@${c.id}` : t('social.notConnected')}
                </Text>
              </div>
            </Group>
            <Button
              size="xs"
              variant={c.connected ? 'light' : 'filled'}
              color={c.connected ? 'red' : undefined}
              loading={save.pending}
              onClick={() =>
                save.run({
                  social: {
                    connections: {
                      [k]: c.connected
                        ? { connected: false, id: '' }
                        : { connected: true, id: 'johndoe' },
                    } as AccountSettingData['social']['connections'],
                  },
                })
              }
            >
              {c.connected ? t('social.disconnect') : t('social.connect')}
            </Button>
          </Group>
        );
      })}
    </Stack>
  );
}

const activity = ['commentOnArticle', 'AnswerOnForm', 'followMe'] as const;
const application = ['newAnnouncements', 'productUpdates', 'blogDigest'] as const;

function NotificationsForm({ data }: { data: AccountSettingData }) {
  const { t } = useTranslation('account');
  const save = useSave();
  const form = useForm({ mode: 'controlled', initialValues: data.notification });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) => save.run({ notification: v }, () => form.resetDirty()))}
    >
      <Stack gap="sm">
        <Title order={5}>{t('notifications.activity')}</Title>
        {activity.map((k) => (
          <Switch
            key={k}
            label={t(`notifications.${k}`)}
            {...form.getInputProps(k, { type: 'checkbox' })}
          />
        ))}
        <Title order={5} mt="md">
          {t('notifications.application')}
        </Title>
        {application.map((k) => (
          <Switch
            key={k}
            label={t(`notifications.${k}`)}
            {...form.getInputProps(k, { type: 'checkbox' })}
          />
        ))}
        <Group mt="md">
          <Button type="submit" loading={save.pending}>
            {t('saveChanges')}
          </Button>
          <Button variant="default" onClick={form.reset}>
            {t('reset')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export const InfoTab = () => <WithData>{(d) => <InfoForm data={d} />}</WithData>;
export const SocialTab = () => <WithData>{(d) => <SocialForm data={d} />}</WithData>;
export const NotificationsTab = () => <WithData>{(d) => <NotificationsForm data={d} />}</WithData>;
