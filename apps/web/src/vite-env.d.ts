/// <reference types="vite/client" />

/** The store id this build serves, fixed at build time from STORE_ID. */
declare const __STORE_ID__: string;
