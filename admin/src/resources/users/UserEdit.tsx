import { EditScreen } from '../../components/CrudScreens.js';
import { UserForm } from './UserForm.js';

export const UserEdit = () => <EditScreen form={UserForm} />;
