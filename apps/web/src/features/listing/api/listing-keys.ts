/** Query keys of listing 撰写: a write, an edit or a delete refreshes every page of the history. */
export const listingKeys = {
  all: ['listing'] as const,
  page: (pageNo: number) => ['listing', 'page', pageNo] as const,
};
