import { createStore } from 'jotai';

/** The one Jotai store of the console; components read atoms through it via the Provider in AppProviders. */
export const appStore = createStore();
