/**
 * When "Acknowledge all" asks first. Beyond a handful, or beyond what the list shows, one
 * click would clear events the operator never saw (the audit found 2,728 gone at once);
 * acknowledging is not undone here, so a slip must cost a question, not the backlog.
 */
export const ACK_ALL_CONFIRM_OVER = 10;

export function ackAllNeedsConfirmation(count: number, visible: number): boolean {
  return count > ACK_ALL_CONFIRM_OVER || count > visible;
}
