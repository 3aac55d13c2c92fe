import { useMemo } from 'react';
import { useOp } from '@/lib/qry';
import { useSession } from '@/lib/session';
import {
  ASSEMBLY_PROCEDURE,
  DEMO_DOMAIN_ID,
  LINES_OBJECT,
  PLAN_CUBE,
  REPORT_CUBE,
  REPORTS,
} from '../lib/parts';

/**
 * The parts of the budget in the current domain: objects by code, the report cubes over the
 * budget lines, the assembly procedure, the reports — and, when the domain has none, whether
 * the user may switch to the Demo budget.
 */
export function useBudget() {
  const domainId = useSession((s) => s.session?.domain.id);
  const enabled = !!domainId;
  const objects = useOp('objects.list', {}, { enabled });
  const cubes = useOp('cubes.list', {}, { enabled });
  const procedures = useOp('procedures.list', {}, { enabled });
  const reports = useOp('reports.list', {}, { enabled });
  const domains = useOp('domains.list', {}, { enabled });
  const parts = useMemo(() => {
    const byCode = new Map((objects.data?.items ?? []).map((o) => [o.code, o]));
    const lines = byCode.get(LINES_OBJECT);
    const overLines = (cubes.data?.items ?? []).filter((c) => c.objectId === lines?.id);
    const cube = (name: string) => overLines.find((c) => c.name === name);
    const report = (name: string) => (reports.data?.items ?? []).find((r) => r.name === name);
    return {
      object: (code: string) => byCode.get(code),
      reportCube: cube(REPORT_CUBE) ?? overLines[0],
      planCube: cube(PLAN_CUBE),
      assembly: (procedures.data?.items ?? []).find((p) => p.name === ASSEMBLY_PROCEDURE),
      xlsx: report(REPORTS.xlsx),
      pdf: report(REPORTS.pdf),
      demo: (domains.data?.items ?? []).find((d) => d.id === DEMO_DOMAIN_ID && !d.current),
      hasBudget: !!lines,
    };
  }, [objects.data, cubes.data, procedures.data, reports.data, domains.data]);
  const queries = [objects, cubes, procedures, reports];
  return {
    ...parts,
    isLoading: !domainId || queries.some((q) => q.isPending),
    error: queries.find((q) => q.isError)?.error ?? null,
    refetch: () => queries.forEach((q) => void q.refetch()),
  };
}

export type Budget = ReturnType<typeof useBudget>;
