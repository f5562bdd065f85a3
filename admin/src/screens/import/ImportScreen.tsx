/**
 * The import wizards: shipments (SPEC section 2: /shipments/import/upload -> /preview -> /save) and the
 * customers of a batch (/batches/:parent_id/batch_items/import/upload -> /preview, then the batch's
 * customer list). The layout's route guard already limits these paths to the roles that may import.
 */
import { useMemo } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { useGetOne } from 'react-admin';
import { useParentId } from '../../components/useParentId.js';
import { ImportFrame } from './ImportFrame.js';
import { batchItemWizard, ImportWizardProvider, SHIPMENT_WIZARD, stepPathOf, type ImportStep, type ImportWizard } from './importKinds.js';
import { PreviewStep } from './PreviewStep.js';
import { SaveStep } from './SaveStep.js';
import { UploadStep } from './UploadStep.js';
import { useWizardState } from './wizardState.js';

export type { ImportStep };

export function ImportStepScreen({ step, wizard = SHIPMENT_WIZARD }: { step: ImportStep; wizard?: ImportWizard }) {
  return (
    <ImportWizardProvider value={wizard}>
      <WizardStep step={step} />
    </ImportWizardProvider>
  );
}

function WizardStep({ step }: { step: ImportStep }) {
  const { state } = useWizardState();
  return (
    <ImportFrame step={step} done={step === 'save' && Boolean(state.result)}>
      {step === 'upload' && <UploadStep />}
      {step === 'preview' && <PreviewStep />}
      {step === 'save' && <SaveStep />}
    </ImportFrame>
  );
}

/** /batches/:parent_id/batch_items/import[/:step]: a step this wizard does not have goes to the upload. */
export function BatchItemImportScreen() {
  const batchId = useParentId();
  const { step } = useParams();
  const { data: batch } = useGetOne('batches', { id: batchId! }, { enabled: batchId !== undefined });
  const name = batch?.name as string | undefined;
  const wizard = useMemo(() => (batchId === undefined ? null : batchItemWizard(batchId, name)), [batchId, name]);
  if (!wizard) return null;
  if (!wizard.steps.includes(step as ImportStep)) return <Navigate to={stepPathOf(wizard, 'upload')} replace />;
  return <ImportStepScreen step={step as ImportStep} wizard={wizard} />;
}
