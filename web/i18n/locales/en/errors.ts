/** Spec §8 error catalogue. */
export default {
  requestFailed: 'The request failed, please try again later',
  timeout: 'Your session has timed out, please sign in again!',
  networkException: 'Network exception, please check that your network connection works!',
  apiTimeout: 'The request timed out, please refresh the page and try again!',
  badResponse: 'The server answered with data that cannot be read',
  http: {
    400: 'Bad request parameters',
    401: 'The user has no permission (token, user name or password incorrect)!',
    403: 'The user is authorized, but access is forbidden!',
    404: 'Network request error: the resource was not found!',
    405: 'Network request error: the request method is not allowed!',
    408: 'The network request timed out!',
    500: 'Server error, please contact the administrator!',
    501: 'The network is not implemented!',
    502: 'Network error!',
    503: 'The service is unavailable: the server is overloaded or under maintenance!',
    504: 'Network timeout!',
    505: 'The HTTP version is not supported for this request!',
  },
};
