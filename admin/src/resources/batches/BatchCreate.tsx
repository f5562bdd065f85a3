import { CreateScreen } from '../../components/CrudScreens.js';
import { BatchForm } from './BatchForm.js';

export const BatchCreate = () => <CreateScreen form={BatchForm} />;
