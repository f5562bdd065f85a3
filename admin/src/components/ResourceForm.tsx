import type { ReactNode } from 'react';
import { Alert, Button } from '@mui/material';
import { DeleteButton, SaveButton, SimpleForm, Toolbar, useRecordContext, useResourceContext, useTranslate, type RaRecord, type SimpleFormProps } from 'react-admin';
import type { Schema } from '../../../core/validation.js';
import { FormSchemaContext } from './RequiredLabel.js';
import { UnsavedChangesGuard } from './UnsavedChangesGuard.js';
import { recordActions, useRecordAllows } from './recordActions.js';
import { useSchemaValidator } from './validators.js';
import { errorsInDialog } from './CrudScreens.js';
import { useDeletedNotice } from './successNotice.js';
import { useEditedElsewhere } from '../live/useLive.js';

/** A loaded record whose allowed actions (from the server) no longer include editing, e.g. a printed shipment. */
const isLocked = (record: RaRecord | undefined) => {
  const actions = recordActions(record);
  return record?.id !== undefined && actions !== undefined && !actions.includes('edit') && !actions.includes('update');
};

/** Says up front why the form cannot be saved, and what to do instead, rather than a refused save. */
function LockedNotice({ resource }: { resource: string }) {
  const translate = useTranslate();
  if (!isLocked(useRecordContext())) return null;
  return (
    <Alert severity="warning" data-testid="edit-locked" sx={{ mb: 1 }}>
      {translate(`resources.${resource}.hints.locked`, { _: translate('errors.record.locked') })}
    </Alert>
  );
}

/**
 * An open edit form is not refetched by live updates (the fields would change under the user): when its record
 * changes elsewhere, this says so and offers to reload it (docs/live-updates.md "Open forms").
 */
function EditedElsewhereNotice({ resource }: { resource: string }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const { changed, reload } = useEditedElsewhere(resource, record?.id);
  if (!changed) return null;
  return (
    <Alert severity="info" data-testid="edited-elsewhere" sx={{ mb: 1 }} action={<Button color="inherit" size="small" onClick={reload}>{translate('live.reload')}</Button>}>
      {translate('live.changed_elsewhere')}
    </Alert>
  );
}

/** Save (disabled when the record is locked), plus Delete when the record's allowed actions include it. */
function FormToolbar({ deleteRedirect }: { deleteRedirect?: string }) {
  const record = useRecordContext();
  const canDelete = useRecordAllows('delete');
  const resource = useResourceContext();
  const deleted = useDeletedNotice(resource, record);
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton disabled={isLocked(record) ? true : undefined} />
      {record?.id !== undefined && canDelete && <DeleteButton mutationMode="pessimistic" mutationOptions={errorsInDialog} redirect={deleteRedirect} successMessage={deleted} />}
    </Toolbar>
  );
}

export type ResourceFormProps = Omit<SimpleFormProps, 'validate' | 'children'> & {
  resource: string;
  schema: Schema;
  /** Schemas of array inputs' rows, e.g. `{ packages: packageRowSchema }`. */
  nested?: Record<string, Schema>;
  deleteRedirect?: string;
  children: ReactNode;
};

/**
 * How a new record's form takes new starting values: react-admin resets the form whenever `defaultValues` change, and
 * some follow the screens' language (a new user's language), which a switch of the language changes. The fields typed
 * in keep their values; the untouched ones take the new defaults. (An existing record's form is left as react-admin
 * has it: a refetched record replaces its values.)
 */
const KEEP_TYPING = { keepDirtyValues: true } as const;

/**
 * SimpleForm validated by a core schema (SPEC section 5 messages), with required badges on labels
 * (SchemaLabel / req), the unsaved-changes prompt and a toolbar honouring the record's `_actions`.
 */
export function ResourceForm({ resource, schema, nested, deleteRedirect, children, ...props }: ResourceFormProps) {
  const validate = useSchemaValidator(schema, nested, resource);
  const isNew = useRecordContext()?.id === undefined;
  return (
    <FormSchemaContext.Provider value={{ resource, schema }}>
      {/* noValidate: the schema's translated messages, not the browser's own bubbles (type="email" etc.). */}
      <SimpleForm
        validate={validate}
        noValidate
        warnWhenUnsavedChanges={false}
        toolbar={<FormToolbar deleteRedirect={deleteRedirect} />}
        resetOptions={isNew ? KEEP_TYPING : undefined}
        {...props}
      >
        <UnsavedChangesGuard />
        <LockedNotice resource={resource} />
        <EditedElsewhereNotice resource={resource} />
        {children}
      </SimpleForm>
    </FormSchemaContext.Provider>
  );
}
