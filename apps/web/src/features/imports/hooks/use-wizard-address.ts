import type { Import } from '@fiscus/contracts';
import { useAddressParams } from '@/lib/use-address-params';
import type { WizardIntent } from '../lib/wizard';

/**
 * The imports screen's address: `?object=<id>` lists one object's imports; the wizard follows
 * `?import=<id>` (that import) or `?import=new` (a new one).
 */
export function useWizardAddress() {
  const [params, setParams] = useAddressParams();
  const wizardParam = params.get('import');
  const edit = (change: (p: URLSearchParams) => void, replace = false) =>
    setParams(
      (p) => {
        change(p);
        return p;
      },
      { replace },
    );
  return {
    /** The object whose imports are listed (`?object=<id>`, the IMPORTS menu's links). */
    objectId: params.get('object'),
    setObjectId: (id: string | null) =>
      edit((p) => {
        if (id) p.set('object', id);
        else p.delete('object');
      }),
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
