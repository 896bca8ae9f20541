import type { StoredImage } from '@shop/contracts';
import { imageAtWidth } from '@shop/domain';
import { Button } from '../../../components/ui/button.tsx';

/** One photo of the product with its moves (up, down, make main) and a confirmed delete. */
export function PhotoCard(p: {
  image: StoredImage;
  index: number;
  count: number;
  busy: boolean;
  confirming: boolean;
  onUp: () => void;
  onDown: () => void;
  onMain: () => void;
  onAskDelete: () => void;
  onCancelDelete: () => void;
  onDelete: () => void;
}) {
  const n = p.index + 1;
  const main = p.index === 0;
  return (
    <li
      aria-label={`Photo ${String(n)} of ${String(p.count)}${main ? ', main photo' : ''}`}
      className="flex gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200"
    >
      <img
        src={imageAtWidth(p.image.url, 320)}
        alt={`Photo ${String(n)}`}
        width={112}
        height={112}
        className="size-28 shrink-0 rounded-lg bg-slate-100 object-cover"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <p className="text-sm font-semibold text-slate-900">
          {main ? (
            <span className="rounded bg-emerald-100 px-2 py-0.5 text-emerald-900">Main photo</span>
          ) : (
            `Photo ${String(n)}`
          )}
        </p>
        {p.confirming ? (
          <div role="group" aria-label="Confirm delete" className="flex flex-wrap gap-2">
            <span className="text-sm text-slate-800">Delete this photo?</span>
            <Button variant="primary" onClick={p.onDelete} disabled={p.busy}>
              Yes, delete
            </Button>
            <Button variant="secondary" onClick={p.onCancelDelete}>
              Keep it
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              onClick={p.onUp}
              disabled={p.busy || main}
              aria-label={`Move photo ${String(n)} up`}
            >
              Up
            </Button>
            <Button
              variant="secondary"
              onClick={p.onDown}
              disabled={p.busy || p.index === p.count - 1}
              aria-label={`Move photo ${String(n)} down`}
            >
              Down
            </Button>
            {!main && (
              <Button
                variant="secondary"
                onClick={p.onMain}
                disabled={p.busy}
                aria-label={`Make photo ${String(n)} the main one`}
              >
                Make main
              </Button>
            )}
            <Button
              variant="ghost"
              onClick={p.onAskDelete}
              disabled={p.busy}
              aria-label={`Delete photo ${String(n)}`}
            >
              Delete
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}
