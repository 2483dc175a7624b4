export default {
  403: "Sorry, you don't have access to this page.",
  404: 'Sorry, the page you visited does not exist.',
  500: 'Sorry, the server is reporting an error.',
  10000: 'The network is disconnected; please check your network.',
  10100: 'No data on this page',
  backHome: 'Back home',
  backLogin: 'Back to sign in',
  title: 'Something went wrong',
};
