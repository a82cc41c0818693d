import type { PGlite } from "@electric-sql/pglite";
import type { PGLiteSocketServer } from "@electric-sql/pglite-socket";

/**
 * pglite-socket serves every client on PGlite's one session and queues their protocol messages one by
 * one. It keeps a transaction's messages together, but not an extended-protocol query's: another client's
 * message can fall between one client's Parse and its Bind, and the session's unnamed statement is then
 * replaced or dropped ("unnamed prepared statement does not exist", upstream issue #1046, not fixed in
 * 0.2.17). The job workers met it whenever they polled while a page queried. This keeps each client's
 * messages together from Parse to Sync, as it already does for transactions.
 *
 * It replaces the queue's private processing of the pinned 0.2.17 (same order otherwise); the check below
 * fails loudly when an upgrade changes what it relies on.
 */
type QueuedMessage = {
  handlerId: number;
  message: Uint8Array;
  onData(data: Uint8Array): void;
  resolve(bytes: number): void;
  reject(error: unknown): void;
};

type QueueInternals = {
  queue: QueuedMessage[];
  processing: boolean;
  lastHandlerId: number | null;
  db: PGlite;
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
};

const code = (letter: string) => letter.charCodeAt(0);
/** Parse, Bind, Describe, Execute, Close, Flush: an extended-protocol query under way. */
const EXTENDED = new Set(["P", "B", "D", "E", "C", "H"].map(code));
/** Sync ends it; a simple Query is outside it. */
const ENDS_EXTENDED = new Set(["S", "Q"].map(code));

export function keepExtendedQueriesTogether(server: PGLiteSocketServer) {
  const queue = (server as unknown as { queryQueue?: QueueInternals }).queryQueue;
  if (
    !queue ||
    !Array.isArray(queue.queue) ||
    typeof queue.processQueue !== "function" ||
    typeof queue.clearQueueForHandler !== "function" ||
    !("lastHandlerId" in queue)
  ) {
    throw new Error("@electric-sql/pglite-socket's query queue changed: review server/db/embedded-queue.ts");
  }
  /** The client between its Parse and its Sync, whose messages go first. */
  let extendedQueryOf: number | null = null;

  queue.processQueue = async () => {
    if (queue.processing || queue.queue.length === 0) return;
    queue.processing = true;
    try {
      while (queue.queue.length > 0) {
        const owner = extendedQueryOf ?? (queue.db.isInTransaction() ? queue.lastHandlerId : null);
        const index = owner === null ? 0 : queue.queue.findIndex((item) => item.handlerId === owner);
        // The owner's next message has not arrived yet: the queue waits for it (enqueue starts it again).
        if (index === -1) break;
        const [item] = queue.queue.splice(index, 1);
        let bytes = 0;
        try {
          await queue.db.runExclusive(() =>
            queue.db.execProtocolRawStream(item.message, {
              onRawData: (data) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (error) {
          item.reject(error);
          continue;
        }
        queue.lastHandlerId = item.handlerId;
        const type = item.message[0];
        if (EXTENDED.has(type)) extendedQueryOf = item.handlerId;
        else if (ENDS_EXTENDED.has(type)) extendedQueryOf = null;
        item.resolve(bytes);
      }
    } finally {
      queue.processing = false;
    }
  };

  // A client gone between Parse and Sync must not keep the others waiting.
  const clear = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (handlerId) => {
    clear(handlerId);
    if (extendedQueryOf === handlerId) {
      extendedQueryOf = null;
      void queue.processQueue();
    }
  };
}
