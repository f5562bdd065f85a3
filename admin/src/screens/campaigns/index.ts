/** Campaign screens (issue 5): verbs on batches and items, bulk actions, item history, message log, webhooks. */
export { BatchActions } from './BatchActions.js';
export { BatchItemActions } from './BatchItemActions.js';
export { BulkCampaignButton, BulkConvertButton, BulkNotifyButton } from './BulkCampaignButton.js';
export { ItemHistory } from './ItemHistory.js';
export { NotificationPreferences } from './NotificationPreferences.js';
export { WebhookSettings } from './WebhookSettings.js';
