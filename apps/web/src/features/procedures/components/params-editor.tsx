import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { procedureParamTypes, type ProcedureParam } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { move, newParam, type Issues } from '../lib/steps';
import { ParamInput } from './param-input';

/** The procedure's typed parameters: name (`@name` in expressions), label, type, default. */
export function ParamsEditor({
  params,
  onChange,
  objects,
  issues,
}: {
  params: ProcedureParam[];
  onChange: (p: ProcedureParam[]) => void;
  objects: { value: string; label: string }[];
  issues: Issues;
}) {
  const { t } = useTranslation('procedures');
  const set = (i: number, patch: Partial<ProcedureParam>) =>
    onChange(params.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  return (
    <Stack gap="xs">
      {params.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('params.none')}
        </Text>
      )}
      {params.map((p, i) => {
        const at = `params.${i}`;
        return (
          <Card key={i} withBorder padding="xs" radius="md" data-testid="param-row">
            <Group align="flex-start" wrap="wrap" gap="xs">
              <TextInput
                label={t('params.name')}
                value={p.name}
                onChange={(e) => set(i, { name: e.currentTarget.value })}
                leftSection={<Text size="sm">@</Text>}
                error={issues[`${at}.name`]}
                style={{ flex: '1 1 140px', maxWidth: 200 }}
                data-testid="param-name"
              />
              <TextInput
                label={t('params.label')}
                value={p.label}
                onChange={(e) => set(i, { label: e.currentTarget.value })}
                style={{ flex: '1 1 160px', maxWidth: 240 }}
              />
              <Select
                label={t('params.type')}
                data={procedureParamTypes.map((x) => ({ value: x, label: t(`params.types.${x}`) }))}
                value={p.type}
                onChange={(v) => v && set(i, { type: v as ProcedureParam['type'], default: null })}
                allowDeselect={false}
                style={{ width: 150 }}
                data-testid="param-type"
              />
              {p.type === 'number' && (
                <NumberInput
                  label={t('params.scale')}
                  min={0}
                  max={6}
                  value={p.scale}
                  onChange={(v) => set(i, { scale: typeof v === 'number' ? v : 0 })}
                  style={{ width: 110 }}
                />
              )}
              {p.type === 'record' && (
                <Select
                  label={t('params.object')}
                  data={objects}
                  value={p.objectId}
                  onChange={(v) => set(i, { objectId: v, default: null })}
                  searchable
                  error={issues[`${at}.objectId`]}
                  style={{ flex: '1 1 160px', maxWidth: 240 }}
                />
              )}
              <Checkbox
                label={t('params.required')}
                checked={p.required}
                onChange={(e) => set(i, { required: e.currentTarget.checked })}
                mt={30}
              />
              <Group gap={2} mt={26} ml="auto" wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('steps.up')}
                  disabled={i === 0}
                  onClick={() => onChange(move(params, i, -1))}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('steps.down')}
                  disabled={i === params.length - 1}
                  onClick={() => onChange(move(params, i, 1))}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('params.remove')}
                  onClick={() => onChange(params.filter((_, j) => j !== i))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
            {p.type === 'select' && (
              <TagsInput
                mt="xs"
                label={t('params.choices')}
                description={t('params.choicesHint')}
                value={p.choices}
                onChange={(choices) => set(i, { choices })}
                error={issues[`${at}.choices`]}
              />
            )}
            <div style={{ maxWidth: 360, marginTop: 8 }}>
              <ParamInput
                param={{
                  ...p,
                  name: `${p.name}-default`,
                  required: false,
                  label: t('params.default'),
                }}
                value={p.default}
                onChange={(v) => set(i, { default: v })}
                error={issues[`${at}.default`]}
              />
            </div>
            {issues[at] && (
              <Text size="xs" c="red" mt={4}>
                {issues[at]}
              </Text>
            )}
          </Card>
        );
      })}
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlus size={14} />}
        onClick={() => onChange([...params, newParam(params)])}
        style={{ alignSelf: 'flex-start' }}
        data-testid="param-add"
      >
        {t('params.add')}
      </Button>
    </Stack>
  );
}
