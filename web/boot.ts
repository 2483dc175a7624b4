// Runs synchronously in <head> before first paint so a dark-mode user never sees a light flash
// (behaviour notes "Theme"). It only applies the stored theme; the app takes over after.
import { applyTheme, storedTheme } from './app/theme/theme';

applyTheme(storedTheme());
