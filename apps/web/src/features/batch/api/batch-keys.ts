/** Query keys of 批量处理, in one place so a job's end or an action refreshes the job list. */
export const batchKeys = {
  all: ['batch'] as const,
  list: () => ['batch', 'list'] as const,
  job: (id: number) => ['batch', 'job', id] as const,
  designs: ['batch', 'designs'] as const,
};
