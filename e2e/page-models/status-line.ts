/**
 * The scan screen's unsent count once its line stands for the door's status: beneath a verdict
 * the line is marked busy until the verdict's frame is painted (src/ui/door/beneath-verdict.ts),
 * and "All sent" read then would be the line from before the admission.
 */
export const SETTLED_PENDING = '[data-testid="door-status"]:not([aria-busy="true"]) [data-testid="pending"]';
