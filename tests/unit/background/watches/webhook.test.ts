import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sendToWebhook, webhookBody, type WebhookAlert } from '@/lib/background/watches/webhook';
import type { WebhookKind } from '@/lib/protocol';

/** The webhook over real HTTP on 127.0.0.1: its bodies, its bounds (time, bytes read, tries) and the addresses it refuses. */

const ALERT: WebhookAlert = {
  page: 'example.com/blog',
  verdict: 'worse',
  score: 72,
  previousScore: 90,
  changes: ['Score 90 → 72', 'Failing now: Title'],
};
const FAST = { timeoutMs: 300, waitsMs: [10, 10] };

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

/** A receiver answering each request with `answer`; what it received is kept. */
async function receiver(answer: (req: IncomingMessage, res: ServerResponse, index: number) => void) {
  const received: { body: string; type: string | undefined; title: string | undefined }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ body, type: req.headers['content-type'], title: req.headers['title'] as string | undefined });
      answer(req, res, received.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received };
}

describe('what a webhook is sent', () => {
  it.each<[WebhookKind, (body: string) => unknown]>([
    ['slack', (body) => (JSON.parse(body) as { text: string }).text],
    ['discord', (body) => (JSON.parse(body) as { content: string }).content],
    ['ntfy', (body) => body],
  ])('%s: the page, both scores and what changed, as one text', (kind, textOf) => {
    const text = textOf(webhookBody(kind, ALERT).body) as string;
    expect(text).toContain('example.com/blog got worse (90 → 72)');
    expect(text).toContain('• Failing now: Title');
  });

  it('plain JSON: the fields, and nothing else', () => {
    expect(JSON.parse(webhookBody('json', ALERT).body)).toEqual({
      page: 'example.com/blog',
      event: 'worse',
      score: 72,
      previousScore: 90,
      changes: ['Score 90 → 72', 'Failing now: Title'],
    });
  });

  it('ntfy: a plain ASCII title header', () => {
    const request = webhookBody('ntfy', { ...ALERT, page: 'exämple.com/ü' });
    expect(request.headers?.Title).toMatch(/^[\x20-\x7e]+$/);
  });
});

describe('sending to a webhook', () => {
  it('posts the body with its type, once when taken', async () => {
    const hook = await receiver((_req, res) => res.writeHead(204).end());
    expect(await sendToWebhook({ url: hook.url, kind: 'json' }, webhookBody('json', ALERT), FAST)).toBeNull();
    expect(hook.received).toHaveLength(1);
    expect(hook.received[0]!.type).toBe('application/json');
    expect(JSON.parse(hook.received[0]!.body)).toMatchObject({ page: 'example.com/blog' });
  });

  it('tries again after a failure, and stops once taken', async () => {
    const hook = await receiver((_req, res, i) => res.writeHead(i < 2 ? 500 : 200).end('ok'));
    expect(await sendToWebhook({ url: hook.url, kind: 'slack' }, webhookBody('slack', ALERT), FAST)).toBeNull();
    expect(hook.received).toHaveLength(3);
  });

  it('gives up after three tries, saying the last status', async () => {
    const hook = await receiver((_req, res) => res.writeHead(503).end());
    expect(await sendToWebhook({ url: hook.url, kind: 'json' }, webhookBody('json', ALERT), FAST)).toBe('The webhook answered with status 503.');
    expect(hook.received).toHaveLength(3);
  });

  it('stops waiting for a silent webhook after its time limit', async () => {
    const hook = await receiver(() => undefined);
    const started = Date.now();
    expect(await sendToWebhook({ url: hook.url, kind: 'json' }, webhookBody('json', ALERT), FAST)).toBe(
      'The webhook did not answer within 10 seconds.',
    );
    expect(Date.now() - started).toBeLessThan(3 * FAST.timeoutMs + 1_000);
  });

  it('reads at most a little of an endless answer', async () => {
    const hook = await receiver((_req, res) => {
      res.writeHead(200);
      const chunk = 'x'.repeat(64 * 1024);
      const write = () => {
        while (!res.destroyed && res.write(chunk));
      };
      res.on('drain', write);
      write();
    });
    expect(await sendToWebhook({ url: hook.url, kind: 'json' }, webhookBody('json', ALERT), { timeoutMs: 5_000, waitsMs: [] })).toBeNull();
  });

  it.each(['http://example.com/hook', 'ftp://127.0.0.1/hook', 'https://user:secret@example.com/hook', 'not an address'])(
    'refuses %s without sending',
    async (url) => {
      expect(await sendToWebhook({ url, kind: 'json' }, webhookBody('json', ALERT), FAST)).toBe(
        'The webhook’s address must start with https:// (or http:// on this computer).',
      );
    },
  );
});
