// The admin module's door for other modules: what a seller's AI calls cost us this month (the
// console's user drawer, served by the account module).
export { monthCostOf } from './costs.ts';
