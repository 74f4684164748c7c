import type { ComponentChildren } from 'preact';
import '@/components/ui/ui.css';

interface Props {
  tone: 'error' | 'warning' | 'info';
  /** The main words, shown as is (an ApiError's message is written for the user). */
  message: string;
  extra?: readonly string[];
  /** Announce at once (an outcome the user waits for), or only when reached (a standing state). */
  live?: boolean;
  children?: ComponentChildren;
}

export function Notice({ tone, message, extra = [], live = true, children }: Props) {
  const role = live ? (tone === 'error' ? 'alert' : 'status') : undefined;
  return (
    <div class={`notice notice--${tone}`} role={role}>
      <p class="notice__message">{message}</p>
      {extra.map((line) => (
        <p class="notice__extra" key={line}>
          {line}
        </p>
      ))}
      {children && <div class="notice__actions">{children}</div>}
    </div>
  );
}
