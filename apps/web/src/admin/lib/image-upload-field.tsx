import { useId, useRef, useState } from 'react';
import type { MediaImageResponse } from '@shop/contracts';
import { imageAtWidth } from '@shop/domain';
import { Button } from '../../components/ui/button.tsx';
import { errorText } from '../../lib/api-request.ts';
import { uploadImages } from './image-upload.ts';

interface ImageUploadFieldProps {
  label: string;
  /** The stored image URL ('' for none). */
  value: string;
  /** Called with the new image's URL once stored, or '' when removed. */
  onChange: (url: string) => void;
  /** A hint under the label (sizes, what it is for). */
  hint?: string;
}

/**
 * One image for a content or settings screen (a category icon, a slider, a logo): choose or
 * take a photo, it is uploaded at once to POST /api/admin/media/images (checked by content,
 * stored as WebP renditions) and its URL handed to `onChange`; the screen saves it as usual.
 */
export function ImageUploadField({ label, value, onChange, hint }: ImageUploadFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      const res = await uploadImages<MediaImageResponse>(
        '/admin/media/images',
        [file],
        setProgress,
      );
      onChange(res.data.url);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="flex flex-col gap-2" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="text-sm font-semibold text-slate-900">
        {label}
      </span>
      {hint && <span className="text-sm text-slate-700">{hint}</span>}
      <div className="flex flex-wrap items-center gap-3">
        {value ? (
          <img
            src={imageAtWidth(value, 320)}
            alt={`${label}: current image`}
            className="size-20 rounded-lg bg-slate-100 object-cover ring-1 ring-slate-200"
          />
        ) : (
          <span className="grid size-20 place-items-center rounded-lg bg-slate-100 text-xs text-slate-600 ring-1 ring-slate-200">
            No image
          </span>
        )}
        <label className="inline-flex min-h-tap cursor-pointer items-center rounded-lg bg-white px-3 text-sm font-semibold text-slate-900 ring-1 ring-slate-300 hover:bg-slate-100 focus-within:ring-2 focus-within:ring-orange-700">
          {value ? 'Replace image' : 'Choose image'}
          <input
            ref={input}
            id={id}
            type="file"
            accept="image/*"
            className="sr-only"
            disabled={progress !== null}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </label>
        {value && (
          <Button variant="ghost" onClick={() => onChange('')} disabled={progress !== null}>
            Remove
          </Button>
        )}
      </div>
      {progress !== null && (
        <progress
          max={1}
          value={progress}
          aria-label={`Uploading ${label}`}
          className="h-2 w-full max-w-xs"
        />
      )}
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
