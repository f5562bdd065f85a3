import type { ReactNode } from 'react';
import { DeleteButton, SaveButton, SimpleForm, Toolbar, useRecordContext, type SimpleFormProps } from 'react-admin';
import type { Schema } from '../../../core/validation.js';
import { FormSchemaContext } from './RequiredLabel.js';
import { UnsavedChangesGuard } from './UnsavedChangesGuard.js';
import { useRecordAllows } from './recordActions.js';
import { useSchemaValidator } from './validators.js';
import { errorsInDialog } from './CrudScreens.js';

/** Save, plus Delete when the record's allowed actions include it. */
function FormToolbar({ deleteRedirect }: { deleteRedirect?: string }) {
  const record = useRecordContext();
  const canDelete = useRecordAllows('delete');
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      {record?.id !== undefined && canDelete && <DeleteButton mutationMode="pessimistic" mutationOptions={errorsInDialog} redirect={deleteRedirect} />}
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
 * SimpleForm validated by a core schema (SPEC section 5 messages), with required badges on labels
 * (SchemaLabel / req), the unsaved-changes prompt and a toolbar honouring the record's `_actions`.
 */
export function ResourceForm({ resource, schema, nested, deleteRedirect, children, ...props }: ResourceFormProps) {
  const validate = useSchemaValidator(schema, nested, resource);
  return (
    <FormSchemaContext.Provider value={{ resource, schema }}>
      {/* noValidate: the schema's translated messages, not the browser's own bubbles (type="email" etc.). */}
      <SimpleForm validate={validate} noValidate warnWhenUnsavedChanges={false} toolbar={<FormToolbar deleteRedirect={deleteRedirect} />} {...props}>
        <UnsavedChangesGuard />
        {children}
      </SimpleForm>
    </FormSchemaContext.Provider>
  );
}
