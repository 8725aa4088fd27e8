/** The DBOS topic answers travel on (`DBOS.send` → `DBOS.recv`). */
export const APPROVAL_TOPIC = 'kodama.approval';
/** The DBOS workflow event naming the call that waits (`null` when none does). */
export const PENDING_APPROVAL_EVENT = 'kodama.pending-approval';

/** The call a durable run waits on, as `kodama approve` shows it. */
export interface PendingApproval {
  readonly toolCallId: string;
  readonly toolName: string;
  /** The arguments as the model wrote them. */
  readonly arguments: string;
}

/** A person's answer to one waiting call. */
export interface ApprovalAnswer {
  readonly toolCallId: string;
  readonly approved: boolean;
  /** Why, shown to the model on a denial. */
  readonly reason?: string;
}
