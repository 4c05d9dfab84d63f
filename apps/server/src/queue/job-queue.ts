/**
 * Work handed from one node to whichever node has room: a message per unit of work, delivered at
 * least once. PostgreSQL deployments use pg-boss (any number of nodes pull from it); the embedded
 * SQLite default uses a table in the same database. Handlers must be idempotent: a message may be
 * delivered again after a crash, and the modules claim their own rows before working.
 */
export interface JobQueue {
  readonly kind: 'pg-boss' | 'table';
  send(queue: string, data: Record<string, unknown>): Promise<void>;
  /** Runs `handler` for each message, at most `concurrency` at once on this node. A throw retries it later. */
  work(
    queue: string,
    options: { concurrency: number },
    handler: (data: Record<string, unknown>) => Promise<void>,
  ): Promise<void>;
  /**
   * Whether a message with exactly `data` is still queued, waiting to be retried or being handled:
   * the stale sweep sends a waiting item's message again only when it is gone.
   */
  pending(queue: string, data: Record<string, unknown>): Promise<boolean>;
  /** Messages not yet handled (queued or running), for metrics and tests. */
  depth(queue: string): Promise<number>;
  /** Stops taking messages and waits for the running handlers. */
  stop(): Promise<void>;
}

/**
 * The queues, named `module.what` as periodic jobs are. Here rather than in the module, so the
 * health check and the metrics count a queue's depth without importing the module that fills it.
 */
export const QUEUES = {
  /** One message per image of a 批量处理 job. */
  batchImage: 'batch.image',
  /** One message per product × site of a 一键出海 job. */
  localiseTask: 'localise.task',
} as const;
