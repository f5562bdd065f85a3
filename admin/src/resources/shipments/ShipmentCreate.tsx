import { CreateScreen } from '../../components/CrudScreens.js';
import { ShipmentForm } from './ShipmentForm.js';

export const ShipmentCreate = () => <CreateScreen form={ShipmentForm} />;
