/** The console's Chinese names for what the server sends as codes. */
export const ROLE_NAMES = { user: '用户', support: '客服', admin: '管理员' } as const;
