import type { Import, ImportSettings } from '@fiscus/contracts';
import type { Options, Reading } from '../components/wizard-types';
import { isActive } from './status';

export const STEPS = ['upload', 'preview', 'map', 'options', 'run', 'result'] as const;
export const [UPLOAD, PREVIEW, MAP, OPTIONS, RUN, RESULT] = [0, 1, 2, 3, 4, 5] as const;

/** `run`: the toolbar's Run — a draft continues, a finished import goes to Options to run again. */
export type WizardIntent = 'open' | 'run';

/** Where an import opens: a draft at Preview, a running one at Run, a finished one at Result. */
export function stepFor(imp: Import, intent: WizardIntent = 'open'): number {
  if (imp.status === 'draft') return PREVIEW;
  if (isActive(imp.status)) return RUN;
  return intent === 'run' ? OPTIONS : RESULT;
}

export const readingOf = (s: ImportSettings): Reading => ({
  delimiter: s.delimiter,
  encoding: s.encoding,
  sheet: s.sheet,
  header: s.header,
});

export const optionsOf = (s: ImportSettings): Options => ({
  mode: s.mode,
  keyField: s.keyField,
  insertMissing: s.insertMissing,
  onError: s.onError,
});
