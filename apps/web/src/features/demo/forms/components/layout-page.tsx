import {
  Button,
  Checkbox,
  Grid,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { isEmail, isNotEmpty, useForm } from '@mantine/form';
import { notifications } from '@/lib/toast';
import { IconAt, IconLock, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoCard } from './shared';

/** A label beside its input from the small breakpoint on, above it on phones. */
function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid align="center" gap="xs">
      <Grid.Col span={{ base: 12, sm: 3 }} fz="sm" fw={500}>
        {label}
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 9 }}>{children}</Grid.Col>
    </Grid>
  );
}

function useAccountForm() {
  const { t } = useTranslation('forms');
  return useForm({
    initialValues: { name: '', email: '', password: '', remember: false },
    validate: {
      name: isNotEmpty(t('rules.required')),
      email: isEmail(t('rules.email')),
      password: (v) => (v.length < 8 ? t('rules.min', { count: 8 }) : null),
    },
  });
}

const submitted = (message: string) => {
  notifications.show({ color: 'green', message });
};

/** Horizontal, vertical and multi-column form layouts. */
export function LayoutPage() {
  const { t } = useTranslation('forms');
  const horizontal = useAccountForm();
  const vertical = useAccountForm();
  const columns = useForm({
    initialValues: { first: '', last: '', city: '', country: '', company: '', email: '' },
    validate: {
      first: isNotEmpty(t('rules.required')),
      last: isNotEmpty(t('rules.required')),
      email: isEmail(t('rules.email')),
    },
  });
  const buttons = (reset: () => void) => (
    <Group gap="sm">
      <Button type="submit">{t('submit')}</Button>
      <Button variant="default" onClick={reset}>
        {t('reset')}
      </Button>
    </Group>
  );
  return (
    <Stack data-testid="layout-page">
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <DemoCard title={t('layout.horizontal')}>
          <form
            noValidate
            onSubmit={horizontal.onSubmit(() => submitted(t('layout.saved')))}
            data-testid="layout-horizontal"
          >
            <Stack>
              <Row label={t('fields.name')}>
                <TextInput aria-label={t('fields.name')} {...horizontal.getInputProps('name')} />
              </Row>
              <Row label={t('fields.email')}>
                <TextInput
                  aria-label={t('fields.email')}
                  type="email"
                  {...horizontal.getInputProps('email')}
                />
              </Row>
              <Row label={t('fields.password')}>
                <PasswordInput
                  aria-label={t('fields.password')}
                  {...horizontal.getInputProps('password')}
                />
              </Row>
              <Row label="">
                <Checkbox
                  label={t('fields.remember')}
                  {...horizontal.getInputProps('remember', { type: 'checkbox' })}
                />
              </Row>
              <Row label="">{buttons(horizontal.reset)}</Row>
            </Stack>
          </form>
        </DemoCard>
        <DemoCard title={t('layout.vertical')}>
          <form noValidate onSubmit={vertical.onSubmit(() => submitted(t('layout.saved')))}>
            <Stack>
              <TextInput
                label={t('fields.name')}
                leftSection={<IconUser size={16} />}
                withAsterisk
                {...vertical.getInputProps('name')}
              />
              <TextInput
                label={t('fields.email')}
                type="email"
                leftSection={<IconAt size={16} />}
                withAsterisk
                {...vertical.getInputProps('email')}
              />
              <PasswordInput
                label={t('fields.password')}
                leftSection={<IconLock size={16} />}
                withAsterisk
                {...vertical.getInputProps('password')}
              />
              <Checkbox
                label={t('fields.remember')}
                {...vertical.getInputProps('remember', { type: 'checkbox' })}
              />
              {buttons(vertical.reset)}
            </Stack>
          </form>
        </DemoCard>
      </SimpleGrid>
      <DemoCard title={t('layout.columns')}>
        <form noValidate onSubmit={columns.onSubmit(() => submitted(t('layout.saved')))}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('fields.first')} withAsterisk {...columns.getInputProps('first')} />
            <TextInput label={t('fields.last')} withAsterisk {...columns.getInputProps('last')} />
            <TextInput label={t('fields.city')} {...columns.getInputProps('city')} />
            <Select
              label={t('fields.country')}
              data={['Brazil', 'France', 'Germany', 'Portugal', 'Russia', 'United States']}
              clearable
              {...columns.getInputProps('country')}
            />
            <TextInput label={t('fields.company')} {...columns.getInputProps('company')} />
            <TextInput
              label={t('fields.email')}
              type="email"
              withAsterisk
              {...columns.getInputProps('email')}
            />
          </SimpleGrid>
          <Group mt="md">{buttons(columns.reset)}</Group>
        </form>
      </DemoCard>
    </Stack>
  );
}
