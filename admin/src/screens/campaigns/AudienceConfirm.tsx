/**
 * "This will message N customers" before starting a campaign or notifying (issue 10): asks the API how many
 * customers the verb would message (campaignApi `audienceCount`), names the number in a confirmation
 * dialog (plural forms in both languages) and runs the verb only when confirmed.
 */
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { audienceCount, type AudienceVerb } from './campaignApi.js';

interface Pending {
  verb: AudienceVerb;
  count: number;
  run: () => unknown;
}

export function useAudienceConfirm() {
  const translate = useTranslate();
  const [pending, setPending] = useState<Pending | null>(null);

  /** Counts, then opens the dialog; `run` is called on confirm. */
  const ask = async (verb: AudienceVerb, byBatch: Map<number, number[] | undefined>, run: () => unknown) => {
    const count = await audienceCount(verb, byBatch);
    setPending({ verb, count, run });
  };

  const dialog = (
    <Confirm
      isOpen={pending !== null}
      title={pending ? translate(`campaigns.audience.${pending.verb}_title`) : ''}
      content={
        pending ? (
          <span data-testid="audience-count" data-count={pending.count}>
            {translate(`campaigns.audience.${pending.verb}`, { smart_count: pending.count })}
          </span>
        ) : null
      }
      confirm={pending ? `campaigns.actions.${pending.verb}` : 'ra.action.confirm'}
      onConfirm={() => {
        const run = pending?.run;
        setPending(null);
        run?.();
      }}
      onClose={() => setPending(null)}
    />
  );
  return { ask, dialog };
}
