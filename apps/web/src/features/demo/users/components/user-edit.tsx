import {
  Avatar,
  Button,
  Card,
  Checkbox,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { isEmail, isNotEmpty, useForm } from '@mantine/form';
import { notifications } from '@/lib/toast';
import {
  IconBrandCodepen,
  IconBrandFacebook,
  IconBrandGithub,
  IconBrandInstagram,
  IconBrandSlack,
  IconBrandTwitter,
  IconInfoCircle,
  IconShare,
  IconUser,
} from '@tabler/icons-react';
import { isAxiosError } from 'axios';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateUser } from '../api/users';
import {
  roles,
  statuses,
  userCountries,
  type User,
  type UserInfo,
  type UserSocial,
  type UserUpdate,
} from '../api/types';
import { initials } from './shared';
import { PermissionsTable, rolePermissions, WithUser } from './user-view';

const languages = ['English', 'Deutsch', 'Français', 'Português', 'Русский', 'Español'];
const urlOrEmpty = (msg: string) => (v: string) =>
  !v.trim() || /^https?:\/\/\S+\.\S+/.test(v.trim()) ? null : msg;

function useSave(user: User) {
  const { t } = useTranslation('users');
  const update = useUpdateUser(user.id);
  const save = (patch: UserUpdate, onFieldError?: (field: string, msg: string) => void) =>
    update.mutate(patch, {
      onSuccess: () => notifications.show({ color: 'green', message: t('editor.saved') }),
      onError: (err) => {
        const fields =
          isAxiosError<{ error?: { fields?: Record<string, string> } }>(err) &&
          err.response?.data.error?.fields;
        if (fields && fields.username === 'taken' && onFieldError)
          onFieldError('username', t('validation.taken'));
        else notifications.show({ color: 'red', message: t('saveError') });
      },
    });
  return { save, saving: update.isPending };
}

function Actions({ saving, onReset }: { saving: boolean; onReset: () => void }) {
  const { t } = useTranslation('users');
  return (
    <Group mt="lg">
      <Button type="submit" loading={saving}>
        {t('editor.save')}
      </Button>
      <Button variant="default" onClick={onReset}>
        {t('editor.reset')}
      </Button>
    </Group>
  );
}

function AccountTab({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const { save, saving } = useSave(user);
  const [perms, setPerms] = useState(() => rolePermissions(user.role));
  const form = useForm({
    initialValues: {
      username: user.username,
      fullName: user.fullName,
      email: user.email,
      status: user.status as string,
      role: user.role as string,
      company: user.company,
      avatar: user.avatar,
    },
    validate: {
      username: (v) =>
        !v.trim()
          ? t('validation.required')
          : /^[a-z0-9]+$/i.test(v.trim())
            ? null
            : t('validation.alphanumeric'),
      fullName: isNotEmpty(t('validation.required')),
      email: isEmail(t('validation.email')),
      company: isNotEmpty(t('validation.required')),
      status: isNotEmpty(t('validation.required')),
      role: isNotEmpty(t('validation.required')),
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) =>
        save(
          {
            ...v,
            status: v.status as User['status'],
            role: v.role as User['role'],
          },
          (f, msg) => form.setFieldError(f, msg),
        ),
      )}
    >
      <Group mb="lg">
        <Avatar size={80} radius="md" color="brand" src={form.values.avatar || null}>
          {initials(form.values.fullName)}
        </Avatar>
        <Stack gap={4}>
          <Text fw={600}>{user.fullName}</Text>
          <Button
            size="xs"
            variant="default"
            disabled={!form.values.avatar}
            onClick={() => form.setFieldValue('avatar', '')}
          >
            {t('editor.removeAvatar')}
          </Button>
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        <TextInput label={t('fields.username')} withAsterisk {...form.getInputProps('username')} />
        <TextInput label={t('fields.fullName')} withAsterisk {...form.getInputProps('fullName')} />
        <TextInput label={t('fields.email')} withAsterisk {...form.getInputProps('email')} />
        <Select
          label={t('fields.status')}
          data={statuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          allowDeselect={false}
          {...form.getInputProps('status')}
        />
        <Select
          label={t('fields.role')}
          data={roles.map((r) => ({ value: r, label: t(`role.${r}`) }))}
          allowDeselect={false}
          {...form.getInputProps('role')}
        />
        <TextInput label={t('fields.company')} withAsterisk {...form.getInputProps('company')} />
      </SimpleGrid>
      <Title order={6} mt="lg" mb="xs">
        {t('permissions.title')}
      </Title>
      <PermissionsTable
        value={perms}
        onChange={(m, a, checked) => setPerms((p) => ({ ...p, [m]: { ...p[m], [a]: checked } }))}
      />
      <Actions
        saving={saving}
        onReset={() => {
          form.reset();
          setPerms(rolePermissions(user.role));
        }}
      />
    </form>
  );
}

function InformationTab({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const { save, saving } = useSave(user);
  const form = useForm<UserInfo & { country: string }>({
    initialValues: { ...user.info, country: user.country },
    validate: {
      mobile: (v) =>
        !v.trim() || /^[+()\d\s-]{6,}$/.test(v.trim()) ? null : t('validation.phone'),
      website: urlOrEmpty(t('validation.url')),
      postcode: (v) =>
        !v.trim() || /^[A-Za-z0-9 -]{3,10}$/.test(v.trim()) ? null : t('validation.postcode'),
      country: isNotEmpty(t('validation.required')),
    },
  });
  return (
    <form noValidate onSubmit={form.onSubmit(({ country, ...info }) => save({ country, info }))}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        <DatePickerInput
          label={t('info.birthDate')}
          valueFormat="DD MMM YYYY"
          clearable
          value={form.values.birthDate || null}
          onChange={(v) => form.setFieldValue('birthDate', v ?? '')}
        />
        <TextInput label={t('info.mobile')} {...form.getInputProps('mobile')} />
        <TextInput
          label={t('info.website')}
          placeholder="https://"
          {...form.getInputProps('website')}
        />
        <Select
          label={t('info.language')}
          data={languages}
          clearable
          {...form.getInputProps('language')}
        />
        <Radio.Group label={t('info.gender')} {...form.getInputProps('gender')}>
          <Group mt={6}>
            <Radio value="male" label={t('info.male')} />
            <Radio value="female" label={t('info.female')} />
          </Group>
        </Radio.Group>
        <Checkbox.Group label={t('info.contactOptions')} {...form.getInputProps('contactOptions')}>
          <Group mt={6}>
            <Checkbox value="email" label={t('info.options.email')} />
            <Checkbox value="message" label={t('info.options.message')} />
            <Checkbox value="phone" label={t('info.options.phone')} />
          </Group>
        </Checkbox.Group>
        <TextInput label={t('info.addressLine1')} {...form.getInputProps('addressLine1')} />
        <TextInput label={t('info.addressLine2')} {...form.getInputProps('addressLine2')} />
        <TextInput label={t('info.postcode')} {...form.getInputProps('postcode')} />
        <TextInput label={t('info.city')} {...form.getInputProps('city')} />
        <TextInput label={t('info.state')} {...form.getInputProps('state')} />
        <Select
          label={t('fields.country')}
          data={
            userCountries.includes(user.country) ? userCountries : [user.country, ...userCountries]
          }
          searchable
          withAsterisk
          {...form.getInputProps('country')}
        />
      </SimpleGrid>
      <Actions saving={saving} onReset={form.reset} />
    </form>
  );
}

const socialIcons: Record<keyof UserSocial, ReactNode> = {
  twitter: <IconBrandTwitter size={16} />,
  facebook: <IconBrandFacebook size={16} />,
  instagram: <IconBrandInstagram size={16} />,
  github: <IconBrandGithub size={16} />,
  codepen: <IconBrandCodepen size={16} />,
  slack: <IconBrandSlack size={16} />,
};

function SocialTab({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const { save, saving } = useSave(user);
  const keys = Object.keys(socialIcons) as (keyof UserSocial)[];
  const form = useForm<UserSocial>({
    initialValues: user.social,
    validate: Object.fromEntries(keys.map((k) => [k, urlOrEmpty(t('validation.url'))])),
  });
  return (
    <form noValidate onSubmit={form.onSubmit((social) => save({ social }))}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {keys.map((k) => (
          <TextInput
            key={k}
            label={t(`social.${k}`)}
            placeholder="https://"
            leftSection={socialIcons[k]}
            {...form.getInputProps(k)}
          />
        ))}
      </SimpleGrid>
      <Actions saving={saving} onReset={form.reset} />
    </form>
  );
}

export function UserEdit() {
  const { t } = useTranslation('users');
  return (
    <WithUser>
      {(user) => (
        <Card padding="lg" radius="md" shadow="sm" withBorder key={user.id}>
          <Tabs defaultValue="account" keepMounted={false}>
            <Tabs.List mb="lg">
              <Tabs.Tab value="account" leftSection={<IconUser size={16} />}>
                {t('editor.account')}
              </Tabs.Tab>
              <Tabs.Tab value="information" leftSection={<IconInfoCircle size={16} />}>
                {t('editor.information')}
              </Tabs.Tab>
              <Tabs.Tab value="social" leftSection={<IconShare size={16} />}>
                {t('editor.social')}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="account">
              <AccountTab user={user} />
            </Tabs.Panel>
            <Tabs.Panel value="information">
              <InformationTab user={user} />
            </Tabs.Panel>
            <Tabs.Panel value="social">
              <SocialTab user={user} />
            </Tabs.Panel>
          </Tabs>
        </Card>
      )}
    </WithUser>
  );
}
