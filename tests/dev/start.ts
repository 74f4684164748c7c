/**
 * `npm start`: the local report service with a demo key, and the extension
 * already pointed at it. With a display, WXT's dev mode opens a browser with
 * the extension loaded; without one, it builds and says how to load it.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { startReportService } from '../service/server.ts';

const port = Number(process.env.PORT ?? 8787);
const service = await startReportService({ port, dataFile: resolve('.service-data.json') });
const account = service.accounts[0];
if (!account) throw new Error('the local service started without an account');

console.log(`\nLocal report service: ${service.baseUrl}`);
console.log(`Demo API key:         ${account.apiKey}\n`);

const hasDisplay = process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
const env = { ...process.env, WXT_DEMO_SERVICE_URL: service.baseUrl, WXT_DEMO_API_KEY: account.apiKey };
const wxt = resolve('node_modules/.bin/wxt');

if (hasDisplay) {
  const child = spawn(wxt, [], { stdio: 'inherit', env });
  const stop = () => {
    child.kill('SIGTERM');
    void service.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code) => void service.close().then(() => process.exit(code ?? 0)));
} else {
  const build = spawn(wxt, ['build', '--mode', 'development'], { stdio: 'inherit', env });
  build.on('exit', (code) => {
    if (code !== 0) process.exit(code ?? 1);
    const dir = resolve('.output/chrome-mv3-dev');
    const out = existsSync(dir) ? dir : resolve('.output/chrome-mv3');
    console.log(`
No display found, so no browser was opened. The development build is in:
  ${out}
Load it in Chrome or Chromium: open chrome://extensions, turn on Developer mode,
choose "Load unpacked" and pick that folder. It is already pointed at the local
service above. Press Ctrl+C to stop the service.`);
  });
  process.on('SIGINT', () => void service.close().then(() => process.exit(0)));
}
