/**
 * The e2e suite's `test`: Playwright's, with every page of a test watched for an uncaught
 * error (a throw no code caught, a rejected promise nobody awaited). Such an error fails the
 * test that met it, with the first lines of its stack: one that only shows in the console is
 * a crash an operator meets without a word. Specs import from here, not from '@playwright/test'.
 */
import { test as base } from '@playwright/test';

export * from '@playwright/test';

/** A stack's first frames: enough to say where, short enough to read in a CI log. */
const where = (e: Error): string => (e.stack ?? `${e.name}: ${e.message}`).split('\n').slice(0, 5).join('\n    ');

export const test = base.extend<{ uncaughtErrors: string[] }>({
  uncaughtErrors: [
    async ({ context }, use) => {
      const seen: string[] = [];
      context.on('weberror', (e) => seen.push(`${e.page()?.url() ?? 'a page'}:\n    ${where(e.error())}`));
      await use(seen);
      if (seen.length === 0) return;
      const failure = new Error(`Uncaught errors in the page:\n${seen.join('\n')}`);
      // The page's stacks say where; this fixture's own frames would only add noise.
      failure.stack = failure.message;
      throw failure;
    },
    { auto: true },
  ],
});
