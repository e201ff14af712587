/** `node --import ./scripts/ts-register.mjs x.ts`: runs TypeScript through ts-loader.mjs's hooks. */
import { register } from 'node:module';
import process from 'node:process';

// Stack traces name the TypeScript lines (the hooks inline each file's source map).
process.setSourceMapsEnabled(true);
register('./ts-loader.mjs', import.meta.url);
