/**
 * "This will message N customers" before starting a campaign or notifying (issue 10): asks the API how many
 * customers the verb would message (campaignApi `audienceOf`), names the number in a confirmation
 * dialog (plural forms in both languages), with the parts each SMS takes when it sends SMS (networks bill per
 * part), and runs the verb only when confirmed.
 */
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { audienceOf, type Audience, type AudienceVerb } from './campaignApi.js';

interface Pending extends Audience {
  verb: AudienceVerb;
  run: () => unknown;
}

/** "Each SMS takes 3 parts (Unicode): …" under the count, when the verb sends SMS. */
export function SmsPartsLine({ sms }: { sms: Audience['sms'] }) {
  const translate = useTranslate();
  if (!sms) return null;
  return (
    <span data-testid="audience-sms" data-segments={sms.segments} style={{ display: 'block', marginTop: 8 }}>
      {translate(`campaigns.audience.sms_${sms.encoding}`, { smart_count: sms.segments })}
    </span>
  );
}

export function useAudienceConfirm() {
  const translate = useTranslate();
  const [pending, setPending] = useState<Pending | null>(null);

  /** Counts, then opens the dialog; `run` is called on confirm. */
  const ask = async (verb: AudienceVerb, byBatch: Map<number, number[] | undefined>, run: () => unknown) => {
    setPending({ verb, run, ...(await audienceOf(verb, byBatch)) });
  };

  const dialog = (
    <Confirm
      isOpen={pending !== null}
      title={pending ? translate(`campaigns.audience.${pending.verb}_title`) : ''}
      content={
        pending ? (
          <>
            <span data-testid="audience-count" data-count={pending.customers}>
              {translate(`campaigns.audience.${pending.verb}`, { smart_count: pending.customers })}
            </span>
            <SmsPartsLine sms={pending.sms} />
          </>
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
