/** Query keys of 一键出海, in one place so an action refreshes the job it acted on. */
export const localiseKeys = {
  all: ['localise'] as const,
  job: (id: number) => ['localise', 'job', id] as const,
  list: () => ['localise', 'jobs'] as const,
  estimate: (what: unknown) => ['localise', 'estimate', what] as const,
};
