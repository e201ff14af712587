/**
 * Stepscope opens files people did not write: a Content-Security-Policy keeps whatever a history
 * holds from reaching anywhere. Connections go to the app itself only (no beacons, no exfiltration),
 * images come only from the app or from data/blob URLs, no plugin, frame, base or form target.
 * Next's hydration scripts are inline, hence 'unsafe-inline' for scripts; `next dev` also needs eval.
 *
 * Workers get the policy of their own script's response: the one for `/_next/static/` adds
 * 'unsafe-eval', which the custom-strategy sandbox needs to read the user's function (that worker
 * also removes fetch and every other way out before it runs the code).
 */
const dev = globalThis.process?.env.NODE_ENV !== 'production';

const common = [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  "media-src 'none'",
  "manifest-src 'self'",
];

const pagePolicy = [
  ...common,
  `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ''}`,
  "frame-ancestors 'none'",
].join('; ');
const workerPolicy = [...common, "script-src 'self' 'unsafe-eval'"].join('; ');

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // The core under lib/ is plain TypeScript shared with the CLI and the worker.
  typedRoutes: false,
  poweredByHeader: false,
  async headers() {
    const security = [
      { key: 'X-Content-Type-Options', value: 'nosniff' },
      { key: 'Referrer-Policy', value: 'no-referrer' },
      {
        key: 'Permissions-Policy',
        value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
      },
    ];
    return [
      {
        source: '/((?!_next/static/).*)',
        headers: [{ key: 'Content-Security-Policy', value: pagePolicy }, ...security],
      },
      {
        source: '/_next/static/:path*',
        headers: [{ key: 'Content-Security-Policy', value: workerPolicy }, ...security],
      },
    ];
  },
};

export default nextConfig;
