/**
 * The shipment import wizard (SPEC section 2): /shipments/import/upload -> /preview -> /save.
 * The layout's route guard already limits these paths to the shipments-import roles.
 */
import { ImportFrame } from './ImportFrame.js';
import { PreviewStep } from './PreviewStep.js';
import { SaveStep } from './SaveStep.js';
import { UploadStep } from './UploadStep.js';
import { useWizardState, type ImportStep } from './wizardState.js';

export type { ImportStep };

export function ImportStepScreen({ step }: { step: ImportStep }) {
  const { state } = useWizardState();
  return (
    <ImportFrame step={step} done={step === 'save' && Boolean(state.result)}>
      {step === 'upload' && <UploadStep />}
      {step === 'preview' && <PreviewStep />}
      {step === 'save' && <SaveStep />}
    </ImportFrame>
  );
}
