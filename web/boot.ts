// Runs synchronously in <head> before first paint so a dark-mode user never sees a light flash
// (behaviour notes "Theme"): the stored dark-mode flag picks PrimeReact's sheet, and the stored
// project config gives the theme colour, header/menu colours and gray/colour-weak filters. It only
// applies; the app takes over after (web/app/theme/use-theme.ts).
import { applyTheme, storedTheme } from './app/theme/theme';

applyTheme(storedTheme());
