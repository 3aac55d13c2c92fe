import type { Import } from '@fiscus/contracts';
import { useSearchParams } from 'react-router';
import type { WizardIntent } from '../lib/wizard';

/** The wizard is driven by the address: `?import=<id>` opens that import, `?import=new` a new one. */
export function useWizardAddress() {
  const [params, setParams] = useSearchParams();
  const wizardParam = params.get('import');
  const edit = (change: (p: URLSearchParams) => void, replace = false) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        change(next);
        return next;
      },
      { replace },
    );
  return {
    opened: wizardParam !== null,
    importId: wizardParam && wizardParam !== 'new' ? wizardParam : null,
    intent: (params.get('intent') === 'run' ? 'run' : 'open') as WizardIntent,
    open: (id: string | 'new', intent: WizardIntent = 'open') =>
      edit((p) => {
        p.set('import', id);
        if (intent === 'run') p.set('intent', 'run');
        else p.delete('intent');
      }),
    close: () =>
      edit((p) => {
        p.delete('import');
        p.delete('intent');
      }),
    created: (imp: Import) => edit((p) => p.set('import', imp.id), true),
  };
}
