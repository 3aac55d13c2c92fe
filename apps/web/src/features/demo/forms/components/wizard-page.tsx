import {
  Alert,
  Button,
  Card,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stepper,
  Text,
  TextInput,
} from '@mantine/core';
import { isEmail, isNotEmpty, useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const steps = ['account', 'personal', 'address', 'social'] as const;
const url = (v: string) => !v || /^https?:\/\/\S+\.\S+/.test(v);

/** A four-step wizard: each step is checked before the next opens; a summary at the end. */
export function WizardPage() {
  const { t } = useTranslation('forms');
  const [active, setActive] = useState(0);
  const form = useForm({
    initialValues: {
      username: '',
      email: '',
      password: '',
      confirm: '',
      first: '',
      last: '',
      country: '',
      address: '',
      city: '',
      postcode: '',
      twitter: '',
      linkedin: '',
    },
    validate: (v) => {
      const required = t('rules.required');
      if (active === 0)
        return {
          username: v.username.trim() ? null : required,
          email: isEmail(t('rules.email'))(v.email),
          password: v.password.length < 8 ? t('rules.min', { count: 8 }) : null,
          confirm: v.confirm === v.password ? null : t('rules.match'),
        };
      if (active === 1)
        return {
          first: isNotEmpty(required)(v.first),
          last: isNotEmpty(required)(v.last),
          country: isNotEmpty(required)(v.country),
        };
      if (active === 2)
        return {
          address: isNotEmpty(required)(v.address),
          city: isNotEmpty(required)(v.city),
          postcode: /^[\w -]{3,10}$/.test(v.postcode) ? null : t('rules.postcode'),
        };
      return {
        twitter: url(v.twitter) ? null : t('rules.url'),
        linkedin: url(v.linkedin) ? null : t('rules.url'),
      };
    },
  });
  const next = () => {
    if (form.validate().hasErrors) return;
    setActive((s) => Math.min(s + 1, steps.length));
  };
  const back = () => setActive((s) => Math.max(s - 1, 0));
  const v = form.values;

  return (
    <Card withBorder radius="md" padding="lg" data-testid="wizard-page">
      <Stepper active={active} onStepClick={(s) => s < active && setActive(s)} size="sm">
        <Stepper.Step label={t('wizard.account')} description={t('wizard.accountText')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
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
          </SimpleGrid>
        </Stepper.Step>
        <Stepper.Step label={t('wizard.personal')} description={t('wizard.personalText')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
            <TextInput label={t('fields.first')} withAsterisk {...form.getInputProps('first')} />
            <TextInput label={t('fields.last')} withAsterisk {...form.getInputProps('last')} />
            <Select
              label={t('fields.country')}
              withAsterisk
              data={['Brazil', 'France', 'Germany', 'Portugal', 'Russia', 'United States']}
              {...form.getInputProps('country')}
            />
          </SimpleGrid>
        </Stepper.Step>
        <Stepper.Step label={t('wizard.address')} description={t('wizard.addressText')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
            <TextInput
              label={t('fields.address')}
              withAsterisk
              {...form.getInputProps('address')}
            />
            <TextInput label={t('fields.city')} withAsterisk {...form.getInputProps('city')} />
            <TextInput
              label={t('fields.postcode')}
              withAsterisk
              {...form.getInputProps('postcode')}
            />
          </SimpleGrid>
        </Stepper.Step>
        <Stepper.Step label={t('wizard.social')} description={t('wizard.socialText')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
            <TextInput
              label="Twitter"
              placeholder="https://twitter.com/…"
              {...form.getInputProps('twitter')}
            />
            <TextInput
              label="LinkedIn"
              placeholder="https://linkedin.com/in/…"
              {...form.getInputProps('linkedin')}
            />
          </SimpleGrid>
        </Stepper.Step>
        <Stepper.Completed>
          <Alert
            mt="md"
            color="green"
            icon={<IconCircleCheck />}
            title={t('wizard.done')}
            data-testid="wizard-done"
          >
            <Text size="sm">
              {t('wizard.summary', { name: `${v.first} ${v.last}`, email: v.email, city: v.city })}
            </Text>
          </Alert>
        </Stepper.Completed>
      </Stepper>
      <Group justify="space-between" mt="xl">
        <Button variant="default" onClick={back} disabled={active === 0}>
          {t('wizard.back')}
        </Button>
        {active < steps.length ? (
          <Button onClick={next} data-testid="wizard-next">
            {active === steps.length - 1 ? t('submit') : t('wizard.next')}
          </Button>
        ) : (
          <Button
            variant="light"
            onClick={() => {
              form.reset();
              setActive(0);
            }}
          >
            {t('wizard.again')}
          </Button>
        )}
      </Group>
    </Card>
  );
}
