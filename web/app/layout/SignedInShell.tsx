import type { FlatRoute } from '../../services/routing/route-access';
import type { Resolved } from '../routing/resolve';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../api/query';
import { Layout } from './Layout';
import { PageOutlet } from './PageOutlet';
import { LiveConnection } from './LiveConnection';
import { ApprovalNotices, ApprovalReasonPrompt } from './approvals';

/**
 * The signed-in console: the layout (menus, header, tabs, search, settings) around the current page.
 * Its own lazily loaded chunk (default export for `React.lazy`), so the login route downloads none
 * of it. Server state (TanStack Query, web/api/query.ts) is provided
 * here for the same reason: no screen of the login route reads through it. The session's one
 * live-event connection lives here too (`LiveConnection`): it closes with the shell on sign-out or lock;
 * so do the four eyes' reason prompt and the requester's notices of decided approvals (./approvals.tsx).
 */
export default function SignedInShell({ current, resolved, location }: { current: FlatRoute | undefined; resolved: Exclude<Resolved, { kind: 'redirect' }>; location: string }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LiveConnection />
      <ApprovalNotices />
      <ApprovalReasonPrompt />
      <Layout current={current}>
        <PageOutlet resolved={resolved} location={location} />
      </Layout>
    </QueryClientProvider>
  );
}
