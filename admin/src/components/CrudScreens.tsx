import type { ComponentType } from 'react';
import { Create, Edit, type EditProps } from 'react-admin';
import { useSaveOptions } from './successNotice.js';

/** A resource form shared by create and edit (one component, told which mode it is in). */
export type ModeForm = ComponentType<{ mode: 'create' | 'edit' }>;

/**
 * Save errors already show in the global error dialog (errors/ErrorDialog, SPEC section 8, translated);
 * react-admin's own snackbar would repeat them with the server's text. 422 field errors still land on the fields.
 */
export const errorsInDialog = { onError: () => undefined };

/** Create page: after saving, say which record was created and go to its detail page. */
export const CreateScreen = ({ form: Form }: { form: ModeForm }) => (
  <Create mutationOptions={useSaveOptions('created')}>
    <Form mode="create" />
  </Create>
);

/** Edit page (`transform`: what the save sends, from the form's values): pessimistic, so a 409 (stale updated_at) keeps the user on the form; saved: says which record, to its detail page. */
export const EditScreen = ({ form: Form, transform }: { form: ModeForm; transform?: EditProps['transform'] }) => (
  <Edit mutationMode="pessimistic" mutationOptions={useSaveOptions('updated')} transform={transform}>
    <Form mode="edit" />
  </Edit>
);
