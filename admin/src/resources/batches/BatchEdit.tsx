import { EditScreen } from '../../components/CrudScreens.js';
import { BatchForm } from './BatchForm.js';

export const BatchEdit = () => <EditScreen form={BatchForm} />;
