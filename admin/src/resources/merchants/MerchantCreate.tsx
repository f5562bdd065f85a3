import { CreateScreen } from '../../components/CrudScreens.js';
import { MerchantForm } from './MerchantForm.js';

export const MerchantCreate = () => <CreateScreen form={MerchantForm} />;
