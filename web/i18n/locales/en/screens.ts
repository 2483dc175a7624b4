import home from './home';
import dashboard from './dashboard';
import crud from './crud';
import resources from './resources';
import LABELS from '../../../../server/contract/labels/en';
import feedback from './feedback';
import mock from './mock';
import parts from './parts';
import areas from './areas/index';

type AreaPack = { texts: Record<string, unknown>; resources?: Record<string, unknown> };
const areaPacks = areas as Record<string, AreaPack>;

/**
 * The screens' texts in one language, loaded at sign-in beside the shell's (`index.ts`): every
 * namespace under its own top-level key; each area adds its texts as `<area>.*` and its labels
 * under `resources.*`.
 */
export default {
  home, dashboard, crud, feedback, mock, parts,
  resources: Object.assign({}, LABELS.resources, resources, ...Object.values(areaPacks).map((a) => a.resources)) as Record<string, unknown>,
  ...Object.fromEntries(Object.entries(areaPacks).map(([k, a]) => [k, a.texts])),
};
