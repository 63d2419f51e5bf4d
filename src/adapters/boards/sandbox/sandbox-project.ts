// The project the demo's sandbox board starts with: a small team's checkout work as a real board
// looks after a few busy weeks. Some tickets were filed in a hurry (no priority, no labels, no
// estimate or owner), two have been "in progress" for weeks without an update, some carry links to
// the pull requests that implement them, and the rest are in order, so a first run plans a
// reviewable handful of actions rather than touching everything.

export type SandboxCategory = 'new' | 'indeterminate' | 'done';

export interface SandboxUser {
  accountId: string;
  displayName: string;
  emailAddress: string;
}

export interface SandboxIssueSeed {
  summary: string;
  category: SandboxCategory;
  issueType: 'Story' | 'Bug' | 'Task';
  assignee?: string;
  priority?: string;
  estimate?: number;
  labels?: string[];
  /** Days since the last update (default 1). */
  idleDays?: number;
  /** Pull requests linked to the ticket (Jira remote links). */
  pullRequests?: { number: number; title: string }[];
}

export const SANDBOX_PROJECT = { key: 'DEMO', name: 'Checkout revamp' } as const;

export const SANDBOX_REPOSITORY = 'https://github.com/example/checkout';

export const SANDBOX_USERS: readonly SandboxUser[] = [
  { accountId: 'acc-amara', displayName: 'Amara Okafor', emailAddress: 'amara@example.com' },
  { accountId: 'acc-lukas', displayName: 'Lukas Berg', emailAddress: 'lukas@example.com' },
  { accountId: 'acc-mei', displayName: 'Mei Tanaka', emailAddress: 'mei@example.com' },
];

export const SANDBOX_ISSUES: readonly SandboxIssueSeed[] = [
  // Untriaged: filed quickly, nobody set a priority or labels yet.
  { summary: 'Apple Pay button does nothing on Safari 17', category: 'new', issueType: 'Bug' },
  { summary: 'Show delivery estimate on the cart page', category: 'new', issueType: 'Story', assignee: 'acc-mei' },
  { summary: 'Coupon field accepts expired codes', category: 'new', issueType: 'Bug', estimate: 2 },
  { summary: 'Translate checkout error messages into German', category: 'new', issueType: 'Task', assignee: 'acc-lukas', estimate: 3 },
  // In order: assigned, estimated, prioritized.
  { summary: 'Save card for later purchases', category: 'new', issueType: 'Story', assignee: 'acc-amara', priority: 'High', estimate: 5, labels: ['payments'] },
  {
    summary: 'Retry payment on gateway timeout',
    category: 'indeterminate',
    issueType: 'Story',
    assignee: 'acc-lukas',
    priority: 'High',
    estimate: 3,
    labels: ['payments'],
    pullRequests: [{ number: 482, title: 'Retry the payment call once on a gateway timeout' }],
  },
  // Stale: in progress, untouched for weeks.
  { summary: 'Migrate address form to the new design system', category: 'indeterminate', issueType: 'Task', assignee: 'acc-mei', priority: 'Medium', estimate: 8, idleDays: 23 },
  {
    summary: 'Fraud check for orders above 1,000 EUR',
    category: 'indeterminate',
    issueType: 'Story',
    assignee: 'acc-amara',
    priority: 'High',
    estimate: 5,
    idleDays: 16,
    pullRequests: [{ number: 455, title: 'Call the fraud service before capturing large orders' }],
  },
  // Done, with the pull request that shipped it.
  {
    summary: 'Order confirmation e-mail shows wrong VAT',
    category: 'done',
    issueType: 'Bug',
    assignee: 'acc-lukas',
    priority: 'Highest',
    estimate: 1,
    idleDays: 4,
    pullRequests: [{ number: 471, title: 'Use the VAT rate of the shipping country' }],
  },
];
