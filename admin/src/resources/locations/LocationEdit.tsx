import { EditScreen } from '../../components/CrudScreens.js';
import { LocationForm } from './LocationForm.js';

export const LocationEdit = () => <EditScreen form={LocationForm} />;
