/** The time source of every service, so tests can stand at a day boundary or jump past an expiry. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
