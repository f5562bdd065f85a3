import { CreateScreen } from '../../components/CrudScreens.js';
import { LocationForm } from './LocationForm.js';

export const LocationCreate = () => <CreateScreen form={LocationForm} />;
