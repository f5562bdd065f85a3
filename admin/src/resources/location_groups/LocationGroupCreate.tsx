import { CreateScreen } from '../../components/CrudScreens.js';
import { LocationGroupForm } from './LocationGroupForm.js';

export const LocationGroupCreate = () => <CreateScreen form={LocationGroupForm} />;
