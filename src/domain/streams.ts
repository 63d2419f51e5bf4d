// Stream ids are built only here, one function per category (docs/architecture.md, "Streams").

export const streamCategories = {
  org: 'org-',
  run: 'run-',
  proposal: 'proposal-',
  meeting: 'meeting-',
  chat: 'chat-',
  runClaim: 'run_claim-',
} as const;

export const orgStreamId = (orgId: string) => `${streamCategories.org}${orgId}`;
export const runStreamId = (runId: string) => `${streamCategories.run}${runId}`;
export const proposalStreamId = (proposalId: string) => `${streamCategories.proposal}${proposalId}`;
export const meetingStreamId = (meetingId: string) => `${streamCategories.meeting}${meetingId}`;
/** One chat request (docs/chat.md): the key is derived from the request's signature, or random for a bearer caller. */
export const chatRequestStreamId = (requestKey: string) => `${streamCategories.chat}${requestKey}`;
/** The one active run of an organization's board project (docs/api-behaviour.md). */
export const runClaimStreamId = (orgId: string, boardType: string, projectKey: string) =>
  `${streamCategories.runClaim}${orgId}:${boardType}:${projectKey}`;
export const suppressionsStreamId = () => 'suppressions';

/** The id part of a stream name of a known category, or undefined. */
export function idOfStream(category: keyof typeof streamCategories, streamName: string): string | undefined {
  const prefix = streamCategories[category];
  return streamName.startsWith(prefix) ? streamName.slice(prefix.length) : undefined;
}
