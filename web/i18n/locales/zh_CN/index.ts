import common from './common';
import routes from './routes';
import login from './login';
import layout from './layout';
import errors from './errors';
import exception from './exception';
import tabs from './tabs';
import search from './search';
import settings from './settings';
import lock from './lock';
import errorLog from './errorLog';
import shell from './shell';

/**
 * The shell's texts in one language (login, layout, tabs, lock screen, errors…): what the login
 * route draws, so it loads with it. The screens' texts (areas, resources, kit, home, dashboard)
 * are in `screens.ts`, a chunk of its own loaded at sign-in (the login route's budget).
 */
export default {
  common, routes, login, layout, errors, exception, tabs, search, settings, lock, errorLog, shell,
};
