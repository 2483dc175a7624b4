/** Exception pages (spec §8 page error codes 403, 404, 500, 10000, 10100). */
export default {
  403: "Sorry, you don't have access to this page.",
  404: 'Sorry, the page you visited does not exist.',
  500: 'Sorry, the server is reporting an error.',
  10000: 'The network is disconnected; please check your network.',
  10100: 'No data on this page',
  titles: {
    403: 'Access denied',
    404: 'Page not found',
    500: 'Something broke',
    10000: 'Network error',
    10100: 'Nothing here yet',
  },
  backHome: 'Back home',
  backLogin: 'Back to sign in',
  retry: 'Retry',
  title: 'Something went wrong',
  renderError: 'This page failed to render. The rest of the console keeps working.',
  /** A script file (code chunk) that failed to load twice: inside the shell, or the whole console. */
  chunk: {
    title: 'This page could not be loaded',
    message: 'A script file of this page did not load (the server is busy or being updated). The menu and tabs keep working; try again in a moment.',
    messageApp: 'A script file of the console did not load (the server is busy or being updated); try again in a moment.',
  },
};
