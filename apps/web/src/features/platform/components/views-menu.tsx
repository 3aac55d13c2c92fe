import { Badge, Button, Checkbox, Group, Menu, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@/lib/toast';
import {
  IconArrowBackUp,
  IconCheck,
  IconDeviceFloppy,
  IconEye,
  IconShare,
  IconTrash,
  IconCopy,
} from '@tabler/icons-react';
import type { SavedView, ViewDefinition } from '@fiscus/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorOf, messageOf } from '@/lib/api-client';
import { useOp, useOpMutation } from '@/lib/qry';

export function ViewsMenu({
  objectId,
  viewId,
  dirty,
  definition,
  onSwitch,
  onSaved,
}: {
  objectId: string;
  viewId: string | null;
  dirty: boolean;
  definition: ViewDefinition;
  onSwitch: (view: SavedView | null) => void;
  onSaved: (view: SavedView) => void;
}) {
  const { t } = useTranslation('platform');
  const views = useOp('views.list', { objectId });
  const save = useOpMutation('views.save');
  const remove = useOpMutation('views.delete');
  const [saveAs, setSaveAs] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const current = views.data?.items.find((v) => v.id === viewId) ?? null;

  const doSave = (view: { id?: string; name: string; shared: boolean }, after?: () => void) =>
    save.mutate(
      { id: view.id, objectId, name: view.name, shared: view.shared, definition },
      {
        onSuccess: (saved) => {
          onSaved(saved);
          notifications.show({ color: 'teal', message: t('views.saved', { name: saved.name }) });
          after?.();
        },
        onError: (err) => {
          const fields = errorOf(err)?.fields;
          if (fields?.name?.[0]) setNameError(fields.name[0]);
          else notifications.show({ color: 'red', message: messageOf(err) });
        },
      },
    );

  return (
    <>
      <Menu position="bottom-start" shadow="md" width={260}>
        <Menu.Target>
          <Button
            size="xs"
            variant={current ? 'light' : 'default'}
            leftSection={<IconEye size={16} />}
            rightSection={
              dirty ? (
                <Badge size="xs" color="orange" variant="dot">
                  {t('views.modified')}
                </Badge>
              ) : undefined
            }
            data-testid="toolbar-views"
            data-modified={dirty || undefined}
          >
            {current ? current.name : t('common:actions.views')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {dirty && (
            <>
              <Menu.Item
                leftSection={<IconArrowBackUp size={14} />}
                onClick={() => onSwitch(current)}
                data-testid="views-discard"
              >
                {current
                  ? t('views.discardTo', { name: current.name })
                  : t('views.discardToDefault')}
              </Menu.Item>
              <Menu.Divider />
            </>
          )}
          <Menu.Label>{t('views.switch')}</Menu.Label>
          <Menu.Item
            leftSection={!viewId ? <IconCheck size={14} /> : <span style={{ width: 14 }} />}
            onClick={() => onSwitch(null)}
          >
            {t('views.default')}
          </Menu.Item>
          {views.isLoading && <Menu.Item disabled>{t('common:loading')}</Menu.Item>}
          {views.isError && <Menu.Item disabled>{messageOf(views.error)}</Menu.Item>}
          {views.data?.items.map((v) => (
            <Menu.Item
              key={v.id}
              leftSection={
                v.id === viewId ? <IconCheck size={14} /> : <span style={{ width: 14 }} />
              }
              rightSection={
                v.shared ? (
                  <Badge size="xs" variant="light">
                    {t('views.shared')}
                  </Badge>
                ) : undefined
              }
              onClick={() => onSwitch(v)}
            >
              {v.name}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconDeviceFloppy size={14} />}
            disabled={!current || !current.isOwn || save.isPending}
            onClick={() =>
              current && doSave({ id: current.id, name: current.name, shared: current.shared })
            }
          >
            {t('common:actions.save')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconCopy size={14} />}
            onClick={() => {
              setName(current ? t('views.copyOf', { name: current.name }) : '');
              setShared(false);
              setNameError(null);
              setSaveAs(true);
            }}
            data-testid="views-save-as"
          >
            {t('views.saveAs')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconShare size={14} />}
            disabled={!current || !current.isOwn}
            onClick={() =>
              current && doSave({ id: current.id, name: current.name, shared: !current.shared })
            }
          >
            {current?.shared ? t('views.unshare') : t('views.share')}
          </Menu.Item>
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={14} />}
            disabled={!current || !current.isOwn}
            onClick={() => setConfirmDelete(true)}
          >
            {t('common:actions.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>

      <Modal opened={saveAs} onClose={() => setSaveAs(false)} title={t('views.saveAs')} centered>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!name.trim()) {
              setNameError(t('validation.required'));
              return;
            }
            doSave({ name: name.trim(), shared }, () => setSaveAs(false));
          }}
        >
          <Stack>
            <TextInput
              label={t('views.name')}
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setNameError(null);
              }}
              error={nameError}
              data-autofocus
              required
              maxLength={120}
            />
            <Checkbox
              label={t('views.shareWithDomain')}
              checked={shared}
              onChange={(e) => setShared(e.currentTarget.checked)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setSaveAs(false)}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('common:actions.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>

      <Modal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={t('views.deleteTitle')}
        centered
      >
        <Stack>
          {t('views.deleteText', { name: current?.name ?? '' })}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDelete(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                current &&
                remove.mutate(
                  { id: current.id },
                  {
                    onSuccess: () => {
                      setConfirmDelete(false);
                      onSwitch(null);
                      notifications.show({ color: 'teal', message: t('views.deleted') });
                    },
                    onError: (err) => notifications.show({ color: 'red', message: messageOf(err) }),
                  },
                )
              }
            >
              {t('common:actions.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
