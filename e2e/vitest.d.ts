// Values global-setup.ts hands to the tests: `inject('baseURL')`.
declare module 'vitest' {
  export interface ProvidedContext {
    /** The running app, e.g. http://127.0.0.1:43123 (no trailing slash). */
    baseURL: string;
  }
}

export {};
