import type { Ref } from 'react';

const pickerClass =
  'inline-flex min-h-11 cursor-pointer items-center rounded-lg px-4 text-sm font-semibold focus-within:ring-2 focus-within:ring-orange-900 focus-within:ring-offset-2';

/**
 * The two ways to add a product's photos: choose several files, or take one with the phone's
 * camera. A choose box with a `chooseRef` is cleared by its owner (after the upload); otherwise
 * each box is cleared at once, so the same file can be picked again.
 */
export function PhotoPickers({
  chooseLabel,
  disabled,
  chooseRef,
  onFiles,
}: {
  chooseLabel: string;
  disabled?: boolean;
  chooseRef?: Ref<HTMLInputElement>;
  onFiles: (files: FileList | null) => void;
}) {
  return (
    <>
      <label className={`${pickerClass} bg-orange-700 text-white hover:bg-orange-800`}>
        {chooseLabel}
        <input
          ref={chooseRef}
          type="file"
          accept="image/*"
          multiple
          disabled={disabled}
          className="sr-only"
          onChange={(e) => {
            onFiles(e.target.files);
            if (!chooseRef) e.target.value = '';
          }}
        />
      </label>
      <label
        className={`${pickerClass} bg-white text-slate-900 ring-1 ring-slate-300 hover:bg-slate-100`}
      >
        Take a photo
        <input
          type="file"
          accept="image/*"
          capture="environment"
          disabled={disabled}
          className="sr-only"
          onChange={(e) => {
            onFiles(e.target.files);
            e.target.value = '';
          }}
        />
      </label>
    </>
  );
}
