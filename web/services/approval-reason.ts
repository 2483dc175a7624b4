/**
 * Asking the user why, for a call that waits for a second person (server/approvals refuses such a
 * call without a reason, `approval.reasonRequired`): the HTTP client asks through
 * {@link askApprovalReason} and sends the call again with the answer; the signed-in shell provides
 * the dialog ({@link provideApprovalReason}). Without a provider the answer is null (the call is given up).
 */
type Asker = (message: string) => Promise<string | null>;

let asker: Asker | null = null;

/** The user's reason for the approver, or null when they cancel (or nothing can ask). `message` says why it is asked. */
export function askApprovalReason(message: string): Promise<string | null> {
  return asker ? asker(message) : Promise.resolve(null);
}

/** Makes `a` the one dialog that asks; returns the removal. */
export function provideApprovalReason(a: Asker): () => void {
  asker = a;
  return () => {
    if (asker === a) asker = null;
  };
}
