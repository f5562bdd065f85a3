import { EditScreen } from '../../components/CrudScreens.js';
import { ShipmentForm } from './ShipmentForm.js';

export const ShipmentEdit = () => <EditScreen form={ShipmentForm} />;
