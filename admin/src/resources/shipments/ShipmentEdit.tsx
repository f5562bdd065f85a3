import { EditScreen } from '../../components/CrudScreens.js';
import { ShipmentForm, shipmentEditPayload } from './ShipmentForm.js';

export const ShipmentEdit = () => <EditScreen form={ShipmentForm} transform={shipmentEditPayload} />;
