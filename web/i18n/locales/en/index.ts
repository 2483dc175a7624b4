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

/** One language pack: every namespace merged under its own top-level key. */
export default { common, routes, login, layout, errors, exception, home, dashboard, tabs, search, settings, lock, errorLog, shell, crud, resources, feedback, mock };
