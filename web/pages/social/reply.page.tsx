import { ResourceListPage } from '../../crud';
import resource from '../../resources/social/comment-reply.resource';

/**
 * /social/reply (spec §2): replies under comments, filtered by comment (`?commentId=` from a
 * comment's replies count); member and official replies are told apart by the replier type tag,
 * and a reply added here is official (the server marks it so).
 */
export default function SocialReplyPage() {
  return <ResourceListPage resource={resource} />;
}
