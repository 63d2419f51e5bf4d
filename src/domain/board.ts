// What the domain knows of a board item (the board-provider port returns these).

export type BoardKind = 'jira' | 'linear';

/** Coarse workflow position shared by both providers (Jira status categories, Linear state types). */
export type StatusCategory = 'todo' | 'in_progress' | 'done';

export interface BoardUser {
  id: string;
  name: string;
  email?: string;
}

export interface BoardItem {
  /** Provider id (Jira issue id, Linear issue uuid). */
  id: string;
  /** Human key: Jira PROJ-12, Linear ENG-12. */
  key: string;
  title: string;
  url?: string;
  status: string;
  statusCategory: StatusCategory;
  assignee: BoardUser | null;
  /** Story points / estimate; null when not set. */
  estimate: number | null;
  /** Provider priority name ("High", "Urgent"…); null when not set. */
  priority: string | null;
  labels: string[];
  /** ISO time of the last change. */
  updatedAt: string;
  /** Branch name the provider suggests (Linear), used by cycle P. */
  branchName?: string;
}
