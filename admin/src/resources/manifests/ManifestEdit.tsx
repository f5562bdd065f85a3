import { EditScreen } from '../../components/CrudScreens.js';
import { ManifestForm } from './ManifestForm.js';

export const ManifestEdit = () => <EditScreen form={ManifestForm} />;
