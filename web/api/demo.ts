import { http } from './http';

/**
 * The error-log screen's "ajax error" demonstration (spec §2 /error-log: generate each kind of
 * error): a call to a path the contract does not declare, so the platform answers 404 and the
 * client logs and shows it like any failed call. Kept here because only `web/api` names paths.
 */
export function callMissingEndpoint(): Promise<unknown> {
  return http.post('/v1/no/such/endpoint');
}
