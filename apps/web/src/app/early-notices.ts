/**
 * Toasts asked for before antd arrived (the home page is plain React), shown by the API client
 * bridge once antd mounts. A module of its own so the loader and the bridge both read it without
 * importing each other.
 */
export const earlyNotices: { errors: string[]; newBuild: boolean } = { errors: [], newBuild: false };
