import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The end-to-end tests run the production bundle (dist/), built once per run.
    globalSetup: ['test/support/build.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
