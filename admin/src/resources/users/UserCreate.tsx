import { CreateScreen } from '../../components/CrudScreens.js';
import { UserForm } from './UserForm.js';

export const UserCreate = () => <CreateScreen form={UserForm} />;
