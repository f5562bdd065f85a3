/** The QR image of a pickup code for the customer's e-mail (bwip-js, the barcode library the labels use). */
import bwipjs from 'bwip-js/node';

/** Content id the e-mail's HTML points at (`<img src="cid:...">`). */
export const PICKUP_QR_CID = 'pickup-code-qr@lockerline';

/** A PNG of the code as a QR symbol, big enough to scan from a phone screen held to the kiosk's camera. */
export const pickupQrPng = (code: string): Promise<Buffer> => bwipjs.toBuffer({ bcid: 'qrcode', text: code, scale: 6, paddingwidth: 4, paddingheight: 4 });
