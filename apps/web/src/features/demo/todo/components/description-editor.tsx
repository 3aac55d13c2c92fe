import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  value: string;
  onChange: (html: string) => void;
  label: string;
}

/** Rich-text task description (HTML): bold, italic, underline, strike, lists, link. */
export function DescriptionEditor({ value, onChange, label }: Props) {
  const { t } = useTranslation('todo');
  const id = useId();
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: false, codeBlock: false })],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
    editorProps: { attributes: { 'aria-labelledby': id, 'data-testid': 'task-description' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  // Follow outside changes (another task opened, form reset) without fighting the user's typing.
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (current !== value) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  return (
    <Input.Wrapper label={label} id={id}>
      <RichTextEditor
        editor={editor}
        labels={{
          boldControlLabel: t('editor.bold'),
          italicControlLabel: t('editor.italic'),
          underlineControlLabel: t('editor.underline'),
          strikeControlLabel: t('editor.strike'),
          bulletListControlLabel: t('editor.bulletList'),
          orderedListControlLabel: t('editor.orderedList'),
          linkControlLabel: t('editor.link'),
          unlinkControlLabel: t('editor.unlink'),
          linkEditorInputLabel: t('editor.linkUrl'),
          linkEditorInputPlaceholder: 'https://example.com/',
          linkEditorSave: t('editor.save'),
        }}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={120} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
