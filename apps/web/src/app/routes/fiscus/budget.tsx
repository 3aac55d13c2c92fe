import { Card, Grid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import {
  BudgetAssemblyHead,
  BudgetFrame,
  BudgetReportBar,
  entryObjects,
  type ObjectEntry,
} from '@/features/budget';
import { PivotScreen } from '@/features/cubes';
import { ObjectListScreen } from '@/features/platform';
import { ObjectActions, ProcedureRunModal, RunsTable, RunView } from '@/features/procedures';
import { budgetEntries, NOT_FOUND_PATH, type BudgetEntry } from '../../routes-table';

/**
 * The budget entries of the menu: the functional budgets and CAPEX open their object's list,
 * the report its cube's pivot, the assembly its procedure's runs — the domain's own parts,
 * composed here (docs/budget.md).
 */
export default function BudgetScreen() {
  const { entry } = useParams();
  if (!budgetEntries.includes(entry as BudgetEntry))
    return <Navigate to={NOT_FOUND_PATH} replace />;
  if (entry === 'report') return <Report />;
  if (entry === 'assembly') return <Assembly />;
  const code = entryObjects[entry as ObjectEntry];
  return (
    <BudgetFrame need={(b) => !!b.object(code)}>
      {(b) => {
        const objectId = b.object(code)!.id;
        return (
          <ObjectListScreen
            key={objectId}
            objectId={objectId}
            slots={{
              toolbar: (id) => <ObjectActions objectId={id} placement="toolbar" />,
              card: (id, recordId) => (
                <ObjectActions objectId={id} placement="card" recordId={recordId} size="sm" />
              ),
            }}
          />
        );
      }}
    </BudgetFrame>
  );
}

function Report() {
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <BudgetFrame need={(b) => !!b.reportCube}>
      {(b) => {
        const cubeId = chosen ?? b.reportCube!.id;
        return (
          <Stack gap="md">
            <BudgetReportBar budget={b} cubeId={cubeId} onCube={setChosen} />
            <PivotScreen key={cubeId} cubeId={cubeId} titled={false} />
          </Stack>
        );
      }}
    </BudgetFrame>
  );
}

function Assembly() {
  const { t } = useTranslation('budget');
  const [running, setRunning] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <BudgetFrame need={(b) => !!b.assembly}>
      {(b) => (
        <Stack gap="md">
          <BudgetAssemblyHead onRun={() => setRunning(true)} />
          <ProcedureRunModal
            procedureId={running ? b.assembly!.id : null}
            onClose={() => setRunning(false)}
          />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: open ? 6 : 12 }}>
              <Card withBorder radius="md" padding="md">
                <Text fw={600} mb="xs">
                  {t('assembly.runs')}
                </Text>
                <RunsTable procedureId={b.assembly!.id} onOpen={(run) => setOpen(run.id)} />
              </Card>
            </Grid.Col>
            {open && (
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Card withBorder radius="md" padding="md">
                  <RunView runId={open} />
                </Card>
              </Grid.Col>
            )}
          </Grid>
        </Stack>
      )}
    </BudgetFrame>
  );
}
