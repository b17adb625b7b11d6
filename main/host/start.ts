/**
 * The browser-mode host's entry (out/main/host.js). Node's compile cache is turned on before
 * the host's code loads, so a restart reads the bundle's compiled code instead of compiling
 * it again (decision 0049), in the host and in its worker threads. A cache that cannot be written only costs that saving.
 */
import { enableCompileCache } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileCacheDir } from '../core/seams/compile-cache';

const { directory } = enableCompileCache(compileCacheDir());
// Worker threads are Node instances of their own: they inherit the cache through this variable.
if (directory && !process.env.NODE_COMPILE_CACHE) process.env.NODE_COMPILE_CACHE = directory;
const { runHost } = await import('./cli');
runHost(dirname(fileURLToPath(import.meta.url)));
