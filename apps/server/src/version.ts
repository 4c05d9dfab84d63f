/** The server's version, shown by the health call. */
export const VERSION = '0.1.0';
