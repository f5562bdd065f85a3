import { EditScreen } from '../../components/CrudScreens.js';
import { LocationGroupForm } from './LocationGroupForm.js';

export const LocationGroupEdit = () => <EditScreen form={LocationGroupForm} />;
