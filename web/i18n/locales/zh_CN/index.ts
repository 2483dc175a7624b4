import common from './common';
import routes from './routes';
import login from './login';
import layout from './layout';
import errors from './errors';
import exception from './exception';
import home from './home';
import dashboard from './dashboard';
import tabs from './tabs';
import search from './search';
import settings from './settings';
import lock from './lock';
import errorLog from './errorLog';
import shell from './shell';
import crud from './crud';
import resources from './resources';
import feedback from './feedback';
import mock from './mock';
import parts from './parts';
import areas from './areas/index';

type AreaPack = { texts: Record<string, unknown>; resources: Record<string, unknown> };
const areaPacks = areas as Record<string, AreaPack>;

/** One language pack: every namespace merged under its own top-level key; each area adds its texts as `<area>.*` and its labels under `resources.*`. */
export default {
  common, routes, login, layout, errors, exception, home, dashboard, tabs, search, settings, lock, errorLog, shell, crud, feedback, mock, parts,
  resources: Object.assign({}, resources, ...Object.values(areaPacks).map((a) => a.resources)) as Record<string, unknown>,
  ...Object.fromEntries(Object.entries(areaPacks).map(([k, a]) => [k, a.texts])),
};
