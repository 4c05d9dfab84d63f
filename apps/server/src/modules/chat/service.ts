// The chat module's door: asking (exchange.ts), answering (answer.ts), the exchanges of a
// conversation (history.ts) and the conversation list (conversations.ts).

export * from './answer.ts';
export * from './conversations.ts';
export * from './exchange.ts';
export * from './history.ts';
