import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'lib/**/*.test.ts',
      'cli/**/*.test.ts',
      'scripts/**/*.test.ts',
      'test/**/*.test.ts',
      'components/**/*.test.ts',
      'components/**/*.test.tsx',
    ],
    testTimeout: 60_000,
  },
});
