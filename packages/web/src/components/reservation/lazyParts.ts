/**
 * The reservation screens' large parts, each a module graph of its own: the dashboard starts them together with
 * its content, and the browser evaluates each in a task of its own (TBT, issue 15).
 */
export const loadWhenFields = () => import('./ReservationWhenFields.tsx');
export const loadRepeatFields = () => import('./RepeatFields.tsx');
export const loadPanel = () => import('./ReservationPanel.tsx');
