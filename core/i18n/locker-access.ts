/**
 * Texts of the locker kiosk (admin/src/kiosk) and of support's locker tools (admin/src/screens/locker-access),
 * English and Spanish (issue 13). A catalogue of its own, imported only by those lazy chunks, so the admin's
 * first load (which carries core/i18n/en.ts) does not grow with screens most users never open. Keys are read
 * with `translateIn` (tests: core/i18n/locker-access.test.ts checks that both languages match).
 */
import type { Locale } from '../constants.js';
import { format, lookup, type Params } from './format.js';

const en = {
  kiosk: {
    title: 'Parcel locker',
    setup: {
      title: 'Set up this terminal',
      intro: 'Enter the terminal secret support gave you. It is kept on this device only.',
      secret: 'Terminal secret',
      save: 'Save and start',
      rejected: 'This secret is not valid for this terminal.',
    },
    customer: {
      title: 'Collect your parcel',
      intro: 'Type the %{digits}-digit pickup code from your message, or scan its QR code.',
      code: 'Pickup code',
      code_count: '%{count} of %{digits} digits',
      open: 'Open door',
      opened: 'Door %{door} is open',
      opened_hint: 'Take your parcel and close the door.',
      next: 'Done',
    },
    courier: {
      enter: 'Courier',
      title: 'Courier sign-in',
      badge: 'Badge code',
      sign_in: 'Sign in',
      signed_in: 'Signed in: %{name}',
      sign_out: 'Sign out',
      barcode: 'Package barcode',
      scan: 'Open door',
      deposits: 'To deposit here',
      retrievable: 'To collect (expired)',
      none: 'Nothing here.',
      door: 'Door %{door}',
      deposit_open: 'Door %{door} is open: put parcel %{barcode} in and close the door.',
      retrieve_open: 'Door %{door} is open: take parcel %{barcode} out and close the door.',
      back: 'Back to customers',
      full_title: 'Cannot deposit the scanned parcel?',
      full_hint: 'Scan the parcel above, then tell us why.',
      reason_no_free_door: 'No free door',
      reason_door_fault: 'Door fault',
      reason_parcel_does_not_fit: 'Parcel does not fit',
      full_done: 'Take parcel %{barcode} to %{place}%{distance}. The customer keeps the same code; it waits there until %{until}.',
    },
    errors: { network: 'The server could not be reached. Try again.', generic: 'That did not work. Try again.' },
  },
  lockers_admin: {
    terminal_secret: {
      button: 'Terminal secret',
      title: 'Terminal secret',
      intro: 'The kiosk of this locker signs in with this secret. A new secret stops the old one at once: enter the new one on the kiosk.',
      none: 'This terminal has no secret yet.',
      since: 'Current secret created %{date}.',
      create: 'Create a new secret',
      shown_once: 'Copy it now: it is shown only this once.',
    },
    badge: {
      button: 'Kiosk badge',
      title: 'Kiosk badge code',
      intro: 'The driver signs in at a locker kiosk with this code to deposit and collect parcels.',
      none: 'No badge code.',
      since: 'Badge code created %{date}.',
      create: 'Create a new badge code',
      revoke: 'Revoke badge code',
      revoked: 'Badge code revoked.',
      shown_once: 'Give it to the driver now: it is shown only this once.',
    },
    open_door: { button: 'Open door', door: 'Door', reason: 'Reason (recorded)', done: 'Door %{door} opened.' },
    door_events: {
      button: 'Door events',
      title: 'Door events of %{name}',
      kind: 'Type',
      all: 'All',
      from: 'From',
      to: 'To',
      when: 'When',
      door: 'Door',
      package: 'Package',
      who: 'Who',
      customer: 'Customer (pickup code)',
      empty: 'No door events.',
      more: 'Show more',
    },
  },
};

const es: typeof en = {
  kiosk: {
    title: 'Taquilla de paquetes',
    setup: {
      title: 'Configurar este terminal',
      intro: 'Introduce la clave secreta del terminal que te dio soporte. Se guarda solo en este dispositivo.',
      secret: 'Clave secreta del terminal',
      save: 'Guardar y empezar',
      rejected: 'Esta clave no es válida para este terminal.',
    },
    customer: {
      title: 'Recoge tu paquete',
      intro: 'Escribe el código de recogida de %{digits} cifras de tu mensaje o escanea el código QR.',
      code: 'Código de recogida',
      code_count: '%{count} de %{digits} cifras',
      open: 'Abrir puerta',
      opened: 'La puerta %{door} está abierta',
      opened_hint: 'Saca tu paquete y cierra la puerta.',
      next: 'Listo',
    },
    courier: {
      enter: 'Repartidor',
      title: 'Acceso del repartidor',
      badge: 'Código de credencial',
      sign_in: 'Entrar',
      signed_in: 'Sesión de %{name}',
      sign_out: 'Salir',
      barcode: 'Código de barras del paquete',
      scan: 'Abrir puerta',
      deposits: 'Para depositar aquí',
      retrievable: 'Para retirar (caducados)',
      none: 'Nada aquí.',
      door: 'Puerta %{door}',
      deposit_open: 'La puerta %{door} está abierta: coloca el paquete %{barcode} y cierra la puerta.',
      retrieve_open: 'La puerta %{door} está abierta: retira el paquete %{barcode} y cierra la puerta.',
      back: 'Volver a clientes',
      full_title: '¿No puedes depositar el paquete escaneado?',
      full_hint: 'Escanea el paquete arriba y dinos por qué.',
      reason_no_free_door: 'No hay puerta libre',
      reason_door_fault: 'Puerta averiada',
      reason_parcel_does_not_fit: 'El paquete no cabe',
      full_done: 'Lleva el paquete %{barcode} a %{place}%{distance}. El cliente conserva el mismo código; allí espera hasta %{until}.',
    },
    errors: { network: 'No se pudo contactar con el servidor. Inténtalo de nuevo.', generic: 'No funcionó. Inténtalo de nuevo.' },
  },
  lockers_admin: {
    terminal_secret: {
      button: 'Clave del terminal',
      title: 'Clave secreta del terminal',
      intro: 'El quiosco de esta taquilla se identifica con esta clave. Una clave nueva anula la anterior al instante: introdúcela en el quiosco.',
      none: 'Este terminal aún no tiene clave.',
      since: 'Clave actual creada el %{date}.',
      create: 'Crear una clave nueva',
      shown_once: 'Cópiala ahora: solo se muestra esta vez.',
    },
    badge: {
      button: 'Credencial de quiosco',
      title: 'Código de credencial de quiosco',
      intro: 'El conductor se identifica con este código en el quiosco de una taquilla para depositar y retirar paquetes.',
      none: 'Sin código de credencial.',
      since: 'Código de credencial creado el %{date}.',
      create: 'Crear un código nuevo',
      revoke: 'Revocar el código',
      revoked: 'Código de credencial revocado.',
      shown_once: 'Entrégaselo al conductor ahora: solo se muestra esta vez.',
    },
    open_door: { button: 'Abrir puerta', door: 'Puerta', reason: 'Motivo (queda registrado)', done: 'Puerta %{door} abierta.' },
    door_events: {
      button: 'Aperturas de puertas',
      title: 'Aperturas de puertas de %{name}',
      kind: 'Tipo',
      all: 'Todos',
      from: 'Desde',
      to: 'Hasta',
      when: 'Cuándo',
      door: 'Puerta',
      package: 'Paquete',
      who: 'Quién',
      customer: 'Cliente (código de recogida)',
      empty: 'No hay aperturas de puertas.',
      more: 'Mostrar más',
    },
  },
};

export const lockerAccessMessages: Record<Locale, typeof en> = { en, es };

/** The phrase at `key` in the locale's locker-access catalogue (English when missing), with its params. */
export function translateIn(locale: string, key: string, params?: Params): string {
  const loc: Locale = locale === 'es' ? 'es' : 'en';
  const phrase = lookup(lockerAccessMessages[loc], key) ?? lookup(lockerAccessMessages.en, key) ?? key;
  return format(loc, phrase, params);
}
