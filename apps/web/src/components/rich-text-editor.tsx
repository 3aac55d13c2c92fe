import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link as LinkExtension } from '@tiptap/extension-link';
import { RichTextEditor as MantineRichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  value: string;
  onChange: (html: string) => void;
  label?: string;
  error?: string | null;
  /** Headings (h2–h4) in the toolbar, for long texts. */
  headings?: boolean;
  minHeight?: number;
  testId?: string;
}

/** Rich text (HTML) with a translated toolbar: headings, bold, italic, underline, strike, lists, link. */
export function RichTextEditor({
  value,
  onChange,
  label,
  error,
  headings = false,
  minHeight = 140,
  testId,
}: Props) {
  const { t } = useTranslation('editor');
  const id = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: headings ? { levels: [2, 3, 4] } : false,
        codeBlock: false,
        link: false,
      }),
      LinkExtension.configure({ openOnClick: false }),
    ],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        // The label (a div: `label for` names form fields only, and an editable area is not one).
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(testId ? { 'data-testid': testId } : {}),
        style: `min-height: ${minHeight}px`,
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  // Follow outside changes (another record opened, form reset) without fighting the user's typing.
  useEffect(() => {
    // A destroyed editor (the route left, the editor replaced) has lost its schema: reading its
    // HTML would throw ("Cannot read properties of null (reading 'cached')").
    if (!editor || (editor.schema as unknown) === null) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (current !== value) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  return (
    <Input.Wrapper
      label={label}
      id={id}
      error={error}
      labelElement="div"
      labelProps={{ onClick: () => editor?.commands.focus() }}
    >
      <MantineRichTextEditor
        editor={editor}
        labels={{
          boldControlLabel: t('bold'),
          italicControlLabel: t('italic'),
          underlineControlLabel: t('underline'),
          strikeControlLabel: t('strike'),
          h2ControlLabel: t('h2'),
          h3ControlLabel: t('h3'),
          h4ControlLabel: t('h4'),
          bulletListControlLabel: t('bulletList'),
          orderedListControlLabel: t('orderedList'),
          linkControlLabel: t('link'),
          unlinkControlLabel: t('unlink'),
          linkEditorInputLabel: t('linkUrl'),
          linkEditorInputPlaceholder: 'https://example.com/',
          linkEditorSave: t('save'),
        }}
      >
        <MantineRichTextEditor.Toolbar>
          {headings && (
            <MantineRichTextEditor.ControlsGroup>
              <MantineRichTextEditor.H2 />
              <MantineRichTextEditor.H3 />
              <MantineRichTextEditor.H4 />
            </MantineRichTextEditor.ControlsGroup>
          )}
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.Bold />
            <MantineRichTextEditor.Italic />
            <MantineRichTextEditor.Underline />
            <MantineRichTextEditor.Strikethrough />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.BulletList />
            <MantineRichTextEditor.OrderedList />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.Link />
            <MantineRichTextEditor.Unlink />
          </MantineRichTextEditor.ControlsGroup>
        </MantineRichTextEditor.Toolbar>
        <MantineRichTextEditor.Content />
      </MantineRichTextEditor>
    </Input.Wrapper>
  );
}
