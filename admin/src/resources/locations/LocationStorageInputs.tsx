import { STORAGE_END_ACTIONS, STORAGE_UNITS } from '../../../../core/machines/storage.js';
import { EnumInput } from '../../components/EnumInput.js';
import { NumericInput } from '../../components/NumericInput.js';
import { req } from '../../components/RequiredLabel.js';

const NUMBERS = ['storage_reminder_hours', 'storage_extensions_max', 'storage_extension_hours', 'storage_extension_after_hours'];

/**
 * The "Storage rules" group of a location (issue 13, core/machines/storage.ts): hold time (storage days in its
 * unit), reminder lead, extension policy and the end action. Empty fields keep today's behaviour.
 */
export function LocationStorageInputs() {
  return (
    <>
      <NumericInput source="storage_days" label={req('storage_days')} />
      <EnumInput source="storage_unit" values={STORAGE_UNITS} prefix="storage_units" label={req('storage_unit')} emptyText="storage_units.days" />
      {NUMBERS.map((source) => (
        <NumericInput key={source} source={source} label={req(source)} />
      ))}
      <EnumInput source="storage_end_action" values={STORAGE_END_ACTIONS} prefix="storage_end_actions" label={req('storage_end_action')} emptyText="storage_end_actions.manual" />
    </>
  );
}
