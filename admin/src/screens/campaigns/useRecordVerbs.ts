/** What a campaign record's action buttons share: the record in context, the verbs its `_actions` allow, a busy flag and a verb runner. */
import { useNotify, useRecordContext, useRefresh, useResourceContext, type Identifier } from 'react-admin';
import { useNotifyDone } from '../../components/successNotice.js';
import { recordActions } from '../../components/recordActions.js';
import { useBusy } from '../shared/useBusy.js';

export function useRecordVerbs<V extends string>(post: (id: Identifier, verb: V) => Promise<unknown>) {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const notifyDone = useNotifyDone(useResourceContext() ?? 'batches');
  const [busy, whileBusy] = useBusy();
  const actions = recordActions(record) ?? [];

  /** Posts `verb` for the record, says it is done and refreshes the page's data. */
  const run = (verb: V) =>
    whileBusy(async () => {
      if (!record) return;
      await post(record.id, verb);
      notifyDone(verb, record);
      refresh();
    });

  return { record, actions, busy, whileBusy, run, notify, refresh };
}
