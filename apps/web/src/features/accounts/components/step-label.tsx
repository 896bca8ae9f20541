/** "Step 2 of 3: Verify your email" */
export function StepLabel({ step, of, label }: { step: number; of: number; label: string }) {
  return (
    <p className="mb-4 text-sm font-semibold text-orange-800">
      Step {step} of {of}: <span className="text-slate-900">{label}</span>
    </p>
  );
}
