import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@/lib/toast';
import { IconRocket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MiscPage } from '@/components/misc-page';

export default function ComingSoonPage() {
  const { t } = useTranslation('misc');
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: {
      email: (v) =>
        !v.trim()
          ? t('comingSoon.emailRequired')
          : /^\S+@\S+\.\S+$/.test(v)
            ? null
            : t('comingSoon.emailInvalid'),
    },
  });
  return (
    <MiscPage
      testId="coming-soon"
      icon={IconRocket}
      color="teal"
      title={t('comingSoon.title')}
      text={t('comingSoon.text')}
    >
      <form
        noValidate
        style={{ width: '100%' }}
        onSubmit={form.onSubmit(() => {
          notifications.show({ color: 'teal', message: t('comingSoon.thanks') });
          form.reset();
        })}
      >
        <Group align="flex-start" justify="center" gap="sm">
          <TextInput
            aria-label={t('comingSoon.email')}
            placeholder={t('comingSoon.placeholder')}
            {...form.getInputProps('email')}
            type="email"
            autoComplete="email"
            w={{ base: '100%', xs: 280 }}
          />
          <Button type="submit" fullWidth={false} miw={140}>
            {t('comingSoon.notify')}
          </Button>
        </Group>
      </form>
    </MiscPage>
  );
}
