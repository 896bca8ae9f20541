import { Button } from '../../components/ui/button.tsx';
import { PhotoPickers } from './photo-pickers.tsx';
import { EditorCard } from './product-editor-parts.tsx';

/**
 * The photos of a product not yet created: chosen (or taken with the phone's camera) here,
 * uploaded by the editor as soon as the product is made. The first is the main photo.
 */
export function NewPhotos({ files, onChange }: { files: File[]; onChange: (f: File[]) => void }) {
  const add = (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    if (chosen.length > 0) onChange([...files, ...chosen]);
  };
  return (
    <EditorCard title="Photos">
      <p className="text-sm text-slate-700">
        Choose photos, or take one with your phone; the first is the main one. They are added when
        you create the product.
      </p>
      <div className="flex flex-wrap gap-2">
        <PhotoPickers chooseLabel="Choose photos" onFiles={add} />
      </div>
      {files.length > 0 && (
        <ul aria-label="Photos to add" className="flex flex-col gap-1">
          {files.map((f, i) => (
            <li
              key={`${f.name}-${String(i)}`}
              className="flex items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 ring-1 ring-slate-200"
            >
              <span className="min-w-0 truncate text-sm text-slate-900">
                {i === 0 ? 'Main: ' : ''}
                {f.name}
              </span>
              <Button
                variant="ghost"
                aria-label={`Remove ${f.name}`}
                onClick={() => onChange(files.filter((_, n) => n !== i))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </EditorCard>
  );
}
