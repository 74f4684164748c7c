import { RESULT_LABEL_TEXT, type ResultLabel } from '@/lib/shared/score';
import '@/components/ui/ui.css';
import { t } from '@/lib/shared/i18n';

interface Props {
  score: number | null;
  label: ResultLabel | null;
  size?: 'small' | 'large';
}

/** The score with its label, told by colour and by word, so neither colour vision nor a screen reader is needed to read it. */
export function ScoreBadge({ score, label, size = 'small' }: Props) {
  const text = label ? RESULT_LABEL_TEXT[label] : t('scoreNone');
  return (
    <span class={`score score--${label ?? 'none'} score--${size}`} data-label={label ?? 'none'}>
      {score !== null && (
        <span class="score__value">
          <span class="sr-only">{t('scoreWord')} </span>
          {Math.round(score)}
        </span>
      )}
      <span class="score__label">{text}</span>
    </span>
  );
}
