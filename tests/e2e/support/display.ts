import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

/** An X display a headed Chromium can draw on and xdotool can type into. */
export interface VirtualDisplay {
  /** DISPLAY and XAUTHORITY for child processes. */
  env: { DISPLAY: string; XAUTHORITY?: string };
  /** Types keys into whatever has the keyboard focus (xdotool's XTEST input). */
  pressKeys(...keys: string[]): void;
  stop(): Promise<void>;
}

/**
 * The display to draw on: the caller's own if DISPLAY is set (a desktop, or `xvfb-run`),
 * otherwise a private Xvfb on a free display number with its own cookie, stopped by `stop()`.
 */
export async function openDisplay(scratchDir: string): Promise<VirtualDisplay> {
  const inherited = process.env.DISPLAY;
  if (inherited) {
    const xauthority = process.env.XAUTHORITY;
    return withKeys({ DISPLAY: inherited, ...(xauthority ? { XAUTHORITY: xauthority } : {}) }, async () => {});
  }
  return startXvfb(scratchDir);
}

async function startXvfb(scratchDir: string): Promise<VirtualDisplay> {
  const xauthority = join(scratchDir, 'Xauthority');
  const cookie = randomBytes(16).toString('hex');
  // The server takes every cookie in its -auth file whatever display it names; clients
  // look one up by display, so the real entry is added once Xvfb has chosen its number.
  xauth(xauthority, 'add', 'unknown/unix:0', '.', cookie);
  // -terminate: it exits when its last client (Chromium) goes, even if this process was killed.
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x800x24', '-auth', xauthority, '-nolisten', 'tcp', '-terminate'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  const killOnExit = () => xvfb.kill('SIGKILL');
  process.once('exit', killOnExit);
  const number = await displayNumber(xvfb);
  const env = { DISPLAY: `:${number}`, XAUTHORITY: xauthority };
  xauth(xauthority, 'add', env.DISPLAY, '.', cookie);
  return withKeys(env, async () => {
    process.off('exit', killOnExit);
    if (xvfb.exitCode !== null || xvfb.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => xvfb.once('exit', () => resolve()));
    xvfb.kill('SIGTERM');
    await Promise.race([exited, delay(3_000)]);
    xvfb.kill('SIGKILL');
  });
}

function displayNumber(xvfb: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let written = '';
    let stderr = '';
    const timer = setTimeout(() => fail(new Error('Xvfb did not start within 10 s')), 10_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      xvfb.kill('SIGKILL');
      reject(error);
    };
    xvfb.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    xvfb.on('error', fail);
    xvfb.on('exit', (code) => fail(new Error(`Xvfb exited (${code}) before it was ready: ${stderr.trim()}`)));
    xvfb.stdio[3]?.on('data', (chunk: Buffer) => {
      written += chunk.toString();
      if (!written.includes('\n')) return;
      clearTimeout(timer);
      resolve(written.trim());
    });
  });
}

function withKeys(env: VirtualDisplay['env'], stop: () => Promise<void>): VirtualDisplay {
  return {
    env,
    pressKeys: (...keys) => {
      execFileSync('xdotool', ['key', '--delay', '60', ...keys], { env: { ...process.env, ...env }, stdio: 'pipe' });
    },
    stop,
  };
}

function xauth(file: string, ...args: string[]): void {
  execFileSync('xauth', ['-q', '-f', file, ...args], { stdio: 'pipe' });
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
