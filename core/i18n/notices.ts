/**
 * Success notices that name the record ("Shipment LL12345 registered", "3 packages cancelled"): per resource,
 * `created`, `updated` and each verb (`-` written `_`); `%{name}` is the record, plural forms (`||||`,
 * `smart_count`) serve bulk runs; `fallback` for a verb without a phrase. Kept out of the catalogues in
 * en.ts / es.ts so that the admin's first load does not carry them (DESIGN section 7: 600 kB), the screens
 * that notify import this module (admin/src/components/successNotice.ts). Delete notices, which
 * react-admin's delete buttons show by key, are `notices.deleted.<resource>` in the catalogues.
 */
import type { Locale } from '../constants.js';

const en = {
  fallback: '%{name}: %{action} done. |||| %{action}: %{smart_count} done.',
  shipments: {
    created: 'Shipment %{name} created.',
    updated: 'Shipment %{name} saved.',
    deleted: 'Shipment %{name} deleted.',
    register: 'Shipment %{name} registered. |||| %{smart_count} shipments registered.',
    print: 'Labels of shipment %{name} downloaded. |||| Labels of %{smart_count} shipments downloaded.',
    request_pickup: 'Pickup requested for shipment %{name}. |||| Pickup requested for %{smart_count} shipments.',
    request_location: 'Shipment %{name}: the customer was asked for a pickup location. |||| %{smart_count} customers were asked for a pickup location.',
    private_delivery: 'Shipment %{name} set to private delivery. |||| %{smart_count} shipments set to private delivery.',
    cancel: 'Shipment %{name} cancelled. |||| %{smart_count} shipments cancelled.',
    process: 'Shipment %{name} processed. |||| %{smart_count} shipments processed.',
  },
  packages: {
    created: 'Package %{name} added.',
    updated: 'Package %{name} saved.',
    deleted: 'Package %{name} deleted.',
    print: 'Label of package %{name} downloaded. |||| Labels of %{smart_count} packages downloaded.',
    pickup: 'Package %{name} picked up. |||| %{smart_count} packages picked up.',
    check_in: 'Package %{name} checked in. |||| %{smart_count} packages checked in.',
    check_out: 'Package %{name} checked out. |||| %{smart_count} packages checked out.',
    deposit: 'Package %{name} deposited. |||| %{smart_count} packages deposited.',
    consolidate: 'Package %{name} consolidated. |||| %{smart_count} packages consolidated.',
    deconsolidate: 'Package %{name} deconsolidated. |||| %{smart_count} packages deconsolidated.',
    extend_expiry: 'Expiry of package %{name} extended by 24 h. |||| Expiry of %{smart_count} packages extended by 24 h.',
    expire: 'Package %{name} made retrievable. |||| %{smart_count} packages made retrievable.',
    confirm_payment: 'Payment of package %{name} confirmed. |||| Payment of %{smart_count} packages confirmed.',
    notify: 'Customer of package %{name} notified. |||| Customers of %{smart_count} packages notified.',
    runhook: 'Webhook of package %{name} run. |||| Webhooks of %{smart_count} packages run.',
    force_sync: 'Package %{name} synchronised. |||| %{smart_count} packages synchronised.',
    mark_as_returned: 'Package %{name} marked as returned. |||| %{smart_count} packages marked as returned.',
    mark_as_lost: 'Package %{name} marked as lost. |||| %{smart_count} packages marked as lost.',
    cancel: 'Package %{name} cancelled. |||| %{smart_count} packages cancelled.',
    process: 'Package %{name} processed. |||| %{smart_count} packages processed.',
  },
  batches: {
    created: 'Campaign %{name} created.',
    updated: 'Campaign %{name} saved.',
    deleted: 'Campaign %{name} deleted.',
    start: 'Campaign %{name} started. |||| %{smart_count} campaigns started.',
    pause: 'Campaign %{name} paused. |||| %{smart_count} campaigns paused.',
  },
  batch_items: {
    created: 'Customer %{name} added.',
    updated: 'Customer %{name} saved.',
    deleted: 'Customer %{name} deleted.',
    notify: 'Customer %{name} notified. |||| %{smart_count} customers notified.',
    restart: 'Customer %{name} will be notified again. |||| %{smart_count} customers will be notified again.',
    convert: 'Shipment created for customer %{name}. |||| Shipments created for %{smart_count} customers.',
  },
  manifests: {
    created: 'Manifest %{name} created.',
    updated: 'Manifest %{name} saved.',
    deleted: 'Manifest %{name} deleted.',
    add_packages: 'Packages added to manifest %{name}.',
    remove_packages: 'Packages removed from manifest %{name}.',
    finalize: 'Manifest %{name} finalized. |||| %{smart_count} manifests finalized.',
    go_live: 'Manifest %{name} is live. |||| %{smart_count} manifests are live.',
    fulfil: 'Manifest %{name} fulfilled. |||| %{smart_count} manifests fulfilled.',
    delivery_attempted: 'Manifest %{name}: delivery attempt recorded. |||| %{smart_count} manifests: delivery attempt recorded.',
    process: 'Manifest %{name} processed. |||| %{smart_count} manifests processed.',
  },
  locations: {
    created: 'Location %{name} created.',
    updated: 'Location %{name} saved.',
    deleted: 'Location %{name} deleted.',
    approve: 'Location %{name} approved. |||| %{smart_count} locations approved.',
    process: 'Location %{name} processed. |||| %{smart_count} locations processed.',
  },
  location_groups: {
    created: 'Location group %{name} created.',
    updated: 'Location group %{name} saved.',
    deleted: 'Location group %{name} deleted.',
  },
  merchants: {
    created: 'Merchant %{name} created.',
    updated: 'Merchant %{name} saved.',
    deleted: 'Merchant %{name} deleted.',
  },
  users: {
    created: 'User %{name} created.',
    updated: 'User %{name} saved.',
    deleted: 'User %{name} deleted.',
  },
};

/** Same keys as English (checked by the compiler). */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

const es: Shape<typeof en> = {
  fallback: '%{name}: %{action} hecho. |||| %{action}: %{smart_count} hechos.',
  shipments: {
    created: 'Envío %{name} creado.',
    updated: 'Envío %{name} guardado.',
    deleted: 'Envío %{name} eliminado.',
    register: 'Envío %{name} registrado. |||| %{smart_count} envíos registrados.',
    print: 'Etiquetas del envío %{name} descargadas. |||| Etiquetas de %{smart_count} envíos descargadas.',
    request_pickup: 'Recogida solicitada para el envío %{name}. |||| Recogida solicitada para %{smart_count} envíos.',
    request_location: 'Envío %{name}: se ha pedido al cliente un punto de recogida. |||| Se ha pedido un punto de recogida a %{smart_count} clientes.',
    private_delivery: 'Envío %{name} pasado a entrega privada. |||| %{smart_count} envíos pasados a entrega privada.',
    cancel: 'Envío %{name} cancelado. |||| %{smart_count} envíos cancelados.',
    process: 'Envío %{name} procesado. |||| %{smart_count} envíos procesados.',
  },
  packages: {
    created: 'Paquete %{name} añadido.',
    updated: 'Paquete %{name} guardado.',
    deleted: 'Paquete %{name} eliminado.',
    print: 'Etiqueta del paquete %{name} descargada. |||| Etiquetas de %{smart_count} paquetes descargadas.',
    pickup: 'Paquete %{name} recogido. |||| %{smart_count} paquetes recogidos.',
    check_in: 'Paquete %{name} registrado en almacén. |||| %{smart_count} paquetes registrados en almacén.',
    check_out: 'Paquete %{name} despachado. |||| %{smart_count} paquetes despachados.',
    deposit: 'Paquete %{name} depositado. |||| %{smart_count} paquetes depositados.',
    consolidate: 'Paquete %{name} consolidado. |||| %{smart_count} paquetes consolidados.',
    deconsolidate: 'Paquete %{name} desconsolidado. |||| %{smart_count} paquetes desconsolidados.',
    extend_expiry: 'Vencimiento del paquete %{name} ampliado 24 h. |||| Vencimiento de %{smart_count} paquetes ampliado 24 h.',
    expire: 'Paquete %{name} marcado como recuperable. |||| %{smart_count} paquetes marcados como recuperables.',
    confirm_payment: 'Pago del paquete %{name} confirmado. |||| Pago de %{smart_count} paquetes confirmado.',
    notify: 'Cliente del paquete %{name} notificado. |||| Clientes de %{smart_count} paquetes notificados.',
    runhook: 'Webhook del paquete %{name} ejecutado. |||| Webhooks de %{smart_count} paquetes ejecutados.',
    force_sync: 'Paquete %{name} sincronizado. |||| %{smart_count} paquetes sincronizados.',
    mark_as_returned: 'Paquete %{name} marcado como devuelto. |||| %{smart_count} paquetes marcados como devueltos.',
    mark_as_lost: 'Paquete %{name} marcado como perdido. |||| %{smart_count} paquetes marcados como perdidos.',
    cancel: 'Paquete %{name} cancelado. |||| %{smart_count} paquetes cancelados.',
    process: 'Paquete %{name} procesado. |||| %{smart_count} paquetes procesados.',
  },
  batches: {
    created: 'Campaña %{name} creada.',
    updated: 'Campaña %{name} guardada.',
    deleted: 'Campaña %{name} eliminada.',
    start: 'Campaña %{name} iniciada. |||| %{smart_count} campañas iniciadas.',
    pause: 'Campaña %{name} en pausa. |||| %{smart_count} campañas en pausa.',
  },
  batch_items: {
    created: 'Cliente %{name} añadido.',
    updated: 'Cliente %{name} guardado.',
    deleted: 'Cliente %{name} eliminado.',
    notify: 'Cliente %{name} notificado. |||| %{smart_count} clientes notificados.',
    restart: 'El cliente %{name} volverá a ser notificado. |||| %{smart_count} clientes volverán a ser notificados.',
    convert: 'Envío creado para el cliente %{name}. |||| Envíos creados para %{smart_count} clientes.',
  },
  manifests: {
    created: 'Manifiesto %{name} creado.',
    updated: 'Manifiesto %{name} guardado.',
    deleted: 'Manifiesto %{name} eliminado.',
    add_packages: 'Paquetes añadidos al manifiesto %{name}.',
    remove_packages: 'Paquetes quitados del manifiesto %{name}.',
    finalize: 'Manifiesto %{name} finalizado. |||| %{smart_count} manifiestos finalizados.',
    go_live: 'Manifiesto %{name} activo. |||| %{smart_count} manifiestos activos.',
    fulfil: 'Manifiesto %{name} completado. |||| %{smart_count} manifiestos completados.',
    delivery_attempted: 'Manifiesto %{name}: intento de entrega registrado. |||| %{smart_count} manifiestos: intento de entrega registrado.',
    process: 'Manifiesto %{name} procesado. |||| %{smart_count} manifiestos procesados.',
  },
  locations: {
    created: 'Ubicación %{name} creada.',
    updated: 'Ubicación %{name} guardada.',
    deleted: 'Ubicación %{name} eliminada.',
    approve: 'Ubicación %{name} aprobada. |||| %{smart_count} ubicaciones aprobadas.',
    process: 'Ubicación %{name} procesada. |||| %{smart_count} ubicaciones procesadas.',
  },
  location_groups: {
    created: 'Grupo de ubicaciones %{name} creado.',
    updated: 'Grupo de ubicaciones %{name} guardado.',
    deleted: 'Grupo de ubicaciones %{name} eliminado.',
  },
  merchants: {
    created: 'Comercio %{name} creado.',
    updated: 'Comercio %{name} guardado.',
    deleted: 'Comercio %{name} eliminado.',
  },
  users: {
    created: 'Usuario %{name} creado.',
    updated: 'Usuario %{name} guardado.',
    deleted: 'Usuario %{name} eliminado.',
  },
};

export const NOTICES: Record<Locale, Shape<typeof en>> = { en, es };

/** The phrase of `resource`'s `action`, or undefined. */
export function noticePhrase(locale: Locale, resource: string, action: string): string | undefined {
  const group = (NOTICES[locale] as Record<string, unknown>)[resource];
  const phrase = group && typeof group === 'object' ? (group as Record<string, unknown>)[action.replace(/-/g, '_')] : undefined;
  return typeof phrase === 'string' ? phrase : undefined;
}
