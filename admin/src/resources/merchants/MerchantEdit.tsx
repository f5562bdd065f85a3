import { EditScreen } from '../../components/CrudScreens.js';
import { MerchantForm } from './MerchantForm.js';

export const MerchantEdit = () => <EditScreen form={MerchantForm} />;
