import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Input,
  Menu,
  Modal,
  MultiSelect,
  Stack,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@/lib/toast';
import { RichTextEditor } from '@mantine/tiptap';
import '@mantine/tiptap/styles.css';
import { IconChevronDown, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '@/lib/api-client';
import { useSendEmail } from '../api/email-api';
import { emailContacts, type EmailPerson } from '../api/types';
import { isBlankHtml } from '../lib/format';

/** What the form starts with (reply / forward prefill). */
export interface ComposeDraft {
  to: EmailPerson[];
  cc: EmailPerson[];
  subject: string;
  /** HTML */
  message: string;
}

export const emptyDraft: ComposeDraft = { to: [], cc: [], subject: '', message: '' };

export interface ComposeModalProps {
  opened: boolean;
  /** Prefill; a new object resets the form. */
  draft: ComposeDraft;
  onClose: () => void;
}

/** "Compose Mail": the form lives only while the modal is open, so each opening starts afresh. */
export function ComposeModal({ opened, draft, onClose }: ComposeModalProps) {
  const { t } = useTranslation('email');
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('composeTitle')}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('compose.close') }}
      data-testid="email-compose-modal"
    >
      {opened && <ComposeForm draft={draft} onDone={onClose} />}
    </Modal>
  );
}

function ComposeForm({ draft, onDone }: { draft: ComposeDraft; onDone: () => void }) {
  const { t } = useTranslation('email');
  const send = useSendEmail();
  const [to, setTo] = useState<string[]>(draft.to.map((p) => p.email));
  const [cc, setCc] = useState<string[]>(draft.cc.map((p) => p.email));
  const [bcc, setBcc] = useState<string[]>([]);
  const [showCc, setShowCc] = useState(draft.cc.length > 0);
  const [showBcc, setShowBcc] = useState(false);
  const [subject, setSubject] = useState(draft.subject);
  const [toError, setToError] = useState<string | null>(null);

  // The address book plus anybody a reply or forward brings along.
  const people = useMemo(() => {
    const all = new Map<string, EmailPerson>();
    for (const p of [...emailContacts, ...draft.to, ...draft.cc]) all.set(p.email, p);
    return all;
  }, [draft]);
  const options = [...people.values()].map((p) => ({ value: p.email, label: p.name }));
  const pick = (emails: string[]) => emails.map((e) => people.get(e) ?? { name: e, email: e });

  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: draft.message,
    immediatelyRender: true,
    editorProps: { attributes: { 'aria-label': t('compose.message') } },
  });

  const submit = (folder: 'sent' | 'draft') => {
    if (folder === 'sent' && to.length === 0) {
      setToError(t('compose.toRequired'));
      return;
    }
    const message = editor?.getHTML() ?? '';
    send.mutate(
      {
        to: pick(to),
        cc: showCc ? pick(cc) : [],
        bcc: showBcc ? pick(bcc) : [],
        subject: subject.trim(),
        message: isBlankHtml(message) ? '' : message,
        folder,
      },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            title: folder === 'sent' ? t('compose.sentTitle') : t('compose.savedTitle'),
            message: folder === 'sent' ? t('compose.sentText') : t('compose.savedText'),
          });
          onDone();
        },
        onError: (err) =>
          notifications.show({ color: 'red', title: t('compose.failed'), message: messageOf(err) }),
      },
    );
  };

  const discard = () => {
    editor?.commands.clearContent();
    onDone();
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit('sent');
      }}
      noValidate
    >
      <Stack gap="sm">
        <MultiSelect
          label={t('compose.to')}
          data={options}
          value={to}
          onChange={(v) => {
            setTo(v);
            if (v.length > 0) setToError(null);
          }}
          searchable
          nothingFoundMessage={t('compose.nobody')}
          error={toError}
          required
          data-testid="compose-to"
          comboboxProps={{ withinPortal: true }}
          rightSectionWidth={96}
          rightSectionPointerEvents="all"
          rightSection={
            <Group gap={8} wrap="nowrap">
              {!showCc && (
                <Anchor component="button" type="button" size="sm" onClick={() => setShowCc(true)}>
                  {t('compose.cc')}
                </Anchor>
              )}
              {!showBcc && (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => setShowBcc(true)}
                  data-testid="compose-show-bcc"
                >
                  {t('compose.bcc')}
                </Anchor>
              )}
            </Group>
          }
        />
        {showCc && (
          <MultiSelect
            label={t('compose.cc')}
            data={options}
            value={cc}
            onChange={setCc}
            searchable
            nothingFoundMessage={t('compose.nobody')}
            data-testid="compose-cc"
          />
        )}
        {showBcc && (
          <MultiSelect
            label={t('compose.bcc')}
            data={options}
            value={bcc}
            onChange={setBcc}
            searchable
            nothingFoundMessage={t('compose.nobody')}
            data-testid="compose-bcc"
          />
        )}
        <TextInput
          label={t('compose.subject')}
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
          maxLength={200}
          data-testid="compose-subject"
        />
        <Input.Wrapper label={t('compose.message')}>
          <RichTextEditor
            editor={editor}
            labels={{
              boldControlLabel: t('editor.bold'),
              italicControlLabel: t('editor.italic'),
              underlineControlLabel: t('editor.underline'),
              strikeControlLabel: t('editor.strike'),
              bulletListControlLabel: t('editor.bulletList'),
              orderedListControlLabel: t('editor.orderedList'),
              blockquoteControlLabel: t('editor.quote'),
              linkControlLabel: t('editor.link'),
              unlinkControlLabel: t('editor.unlink'),
              clearFormattingControlLabel: t('editor.clear'),
              linkEditorInputLabel: t('editor.linkUrl'),
              linkEditorInputPlaceholder: 'https://example.com',
              linkEditorExternalLink: t('editor.externalLink'),
              linkEditorInternalLink: t('editor.internalLink'),
              linkEditorSave: t('editor.save'),
            }}
            data-testid="compose-message"
          >
            <RichTextEditor.Toolbar>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.Bold />
                <RichTextEditor.Italic />
                <RichTextEditor.Underline />
                <RichTextEditor.Strikethrough />
                <RichTextEditor.ClearFormatting />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.BulletList />
                <RichTextEditor.OrderedList />
                <RichTextEditor.Blockquote />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.Link />
                <RichTextEditor.Unlink />
              </RichTextEditor.ControlsGroup>
            </RichTextEditor.Toolbar>
            <RichTextEditor.Content mih={160} />
          </RichTextEditor>
        </Input.Wrapper>
        <Group justify="space-between" mt="xs">
          <Group gap={0} wrap="nowrap">
            <Button
              type="submit"
              loading={send.isPending}
              style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
              data-testid="compose-send"
            >
              {t('compose.send')}
            </Button>
            <Menu position="bottom-start" withinPortal>
              <Menu.Target>
                <ActionIcon
                  size={36}
                  variant="filled"
                  disabled={send.isPending}
                  style={{
                    borderTopLeftRadius: 0,
                    borderBottomLeftRadius: 0,
                    borderLeft: '1px solid rgba(255,255,255,0.35)',
                  }}
                  aria-label={t('compose.more')}
                >
                  <IconChevronDown size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  leftSection={<IconDeviceFloppy size={16} />}
                  onClick={() => submit('draft')}
                  data-testid="compose-save-draft"
                >
                  {t('compose.saveDraft')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
          <Tooltip label={t('compose.discard')} withinPortal>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={discard}
              aria-label={t('compose.discard')}
              data-testid="compose-discard"
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Stack>
    </form>
  );
}
