import { useState } from 'react';
import type { ConfigType } from '../lib/config-types.js';
import { validateContent } from '../lib/validate-content.js';

/** The step the publish flow waits on: an explicit go-ahead for invalid content, then the diff. */
export type PublishStep =
  { kind: 'idle' } | { kind: 'checking' } | { kind: 'invalid'; message: string } | { kind: 'diff' };

export interface PublishFlowOptions {
  /** The stored content, or null for a new config (nothing to compare with). */
  original: string | null;
  publish(): Promise<void>;
}

/**
 * Publish = check the content against its type (invalid content needs an explicit confirm),
 * show old vs new when something changed, then write.
 */
export function usePublishFlow({ original, publish }: PublishFlowOptions) {
  const [step, setStep] = useState<PublishStep>({ kind: 'idle' });
  const [lastError, setLastError] = useState<string | null>(null);
  const [draft, setDraft] = useState('');

  const toDiffOrPublish = async (content: string) => {
    if (original !== null && original !== content) {
      setStep({ kind: 'diff' });
      return;
    }
    setStep({ kind: 'idle' });
    await publish();
  };

  const start = async (type: ConfigType, content: string) => {
    setDraft(content);
    setStep({ kind: 'checking' });
    const check = await validateContent(type, content);
    setLastError(check.ok ? null : check.message);
    if (!check.ok) {
      setStep({ kind: 'invalid', message: check.message });
      return;
    }
    await toDiffOrPublish(content);
  };

  return {
    step,
    /** The parser's message from the last check (shown under the editor). */
    lastError,
    draft,
    start,
    confirmInvalid: () => toDiffOrPublish(draft),
    confirmDiff: async () => {
      setStep({ kind: 'idle' });
      await publish();
    },
    cancel: () => setStep({ kind: 'idle' }),
  };
}
