/** What a dialog asks; shared by the provider that queues requests and the lazily loaded dialog that shows them. */
export type MessageOptions = { title?: string; message: string };

/** A dialog waiting its turn, and how its answer reaches the caller. */
export type Pending =
  | { kind: 'confirm'; options: MessageOptions; resolve(answer: boolean): void }
  | { kind: 'inform'; options: MessageOptions; resolve(): void }
  | { kind: 'businessFault'; body: unknown; resolve(): void };
