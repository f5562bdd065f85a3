/** Parcel-operation parts of the back-office screens (issue 3). */
export { ShipmentActions } from './ShipmentActions.js';
export { ShipmentTimeline } from './ShipmentTimeline.js';
export { PackageActions } from './PackageActions.js';
export { ConsolidationLinks, IdentificationImage } from './PackageDetails.js';
export { BulkOperationButtons } from './BulkOperationButtons.js';
export { CreateTerminalDialog, LocationActions, LocationApproveButton } from './LocationActions.js';
export { ManifestActions } from './ManifestActions.js';
export { DebugPanel } from './DebugPanel.js';
