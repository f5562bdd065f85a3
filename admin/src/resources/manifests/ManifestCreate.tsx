import { CreateScreen } from '../../components/CrudScreens.js';
import { ManifestForm } from './ManifestForm.js';

export const ManifestCreate = () => <CreateScreen form={ManifestForm} />;
