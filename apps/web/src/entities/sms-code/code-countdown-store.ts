import { create } from 'zustand';

/**
 * When each send-code button may be pressed again, by purpose and phone. Kept outside the component
 * so that leaving the screen and coming back does not reset a running countdown.
 */
interface CountdownState {
  readyAt: Record<string, number>;
  start: (key: string, seconds: number) => void;
}

export const useCodeCountdownStore = create<CountdownState>()((set) => ({
  readyAt: {},
  start: (key, seconds) => set((s) => ({ readyAt: { ...s.readyAt, [key]: Date.now() + seconds * 1000 } })),
}));
