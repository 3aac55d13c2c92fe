import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  PasswordInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { isEmail, isInRange, isNotEmpty, matchesField, useForm } from '@mantine/form';
import { notifications } from '@/lib/toast';
import { useTranslation } from 'react-i18next';
import { DemoCard } from './shared';

/** Every common rule, each message naming what is wrong; checked on blur and on submit. */
export function ValidationPage() {
  const { t } = useTranslation('forms');
  const form = useForm({
    mode: 'controlled',
    validateInputOnBlur: true,
    initialValues: {
      username: '',
      email: '',
      password: '',
      confirm: '',
      age: '' as number | string,
      website: '',
      plan: '',
      gender: '',
      bio: '',
      terms: false,
    },
    validate: {
      username: (v) =>
        !v.trim() ? t('rules.required') : /^[a-z0-9_]{3,20}$/i.test(v) ? null : t('rules.username'),
      email: isEmail(t('rules.email')),
      password: (v) =>
        v.length < 8
          ? t('rules.min', { count: 8 })
          : /\d/.test(v) && /\p{L}/u.test(v)
            ? null
            : t('rules.letterDigit'),
      confirm: matchesField('password', t('rules.match')),
      age: isInRange({ min: 18, max: 120 }, t('rules.range', { min: 18, max: 120 })),
      website: (v) => (!v || /^https?:\/\/\S+\.\S+/.test(v) ? null : t('rules.url')),
      plan: isNotEmpty(t('rules.choose')),
      gender: isNotEmpty(t('rules.choose')),
      bio: (v) => (v.length > 200 ? t('rules.max', { count: 200 }) : null),
      terms: (v) => (v ? null : t('rules.terms')),
    },
  });
  return (
    <DemoCard title={t('validation.title')} text={t('validation.text')} testId="validation-page">
      <form
        noValidate
        onSubmit={form.onSubmit(() => {
          notifications.show({ color: 'green', message: t('validation.valid') });
        })}
      >
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <TextInput
            label={t('fields.username')}
            withAsterisk
            {...form.getInputProps('username')}
          />
          <TextInput
            label={t('fields.email')}
            type="email"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('fields.password')}
            withAsterisk
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('fields.confirm')}
            withAsterisk
            {...form.getInputProps('confirm')}
          />
          <NumberInput
            label={t('fields.age')}
            withAsterisk
            allowDecimal={false}
            {...form.getInputProps('age')}
          />
          <TextInput
            label={t('fields.website')}
            placeholder="https://example.com"
            {...form.getInputProps('website')}
          />
          <Select
            label={t('fields.plan')}
            withAsterisk
            data={['basic', 'team', 'enterprise'].map((p) => ({
              value: p,
              label: t(`validation.plans.${p}`),
            }))}
            {...form.getInputProps('plan')}
          />
          <Radio.Group label={t('fields.gender')} withAsterisk {...form.getInputProps('gender')}>
            <Group mt={6}>
              <Radio value="female" label={t('validation.female')} />
              <Radio value="male" label={t('validation.male')} />
              <Radio value="other" label={t('validation.other')} />
            </Group>
          </Radio.Group>
        </SimpleGrid>
        <Stack mt="md">
          <Textarea
            label={t('fields.bio')}
            description={t('validation.bioHint', { count: 200 - form.values.bio.length })}
            autosize
            minRows={2}
            {...form.getInputProps('bio')}
          />
          <Checkbox
            label={t('fields.terms')}
            {...form.getInputProps('terms', { type: 'checkbox' })}
          />
          <Group>
            <Button type="submit" data-testid="validation-submit">
              {t('submit')}
            </Button>
            <Button variant="default" onClick={form.reset}>
              {t('reset')}
            </Button>
          </Group>
        </Stack>
      </form>
    </DemoCard>
  );
}
