import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type DragEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { ProductImagesResponse } from '@shop/contracts';
import { errorText, ServerError } from '../../../lib/api-request.ts';
import { AdminPage } from '../../layout/admin-page.tsx';
import { adminJson } from '../../lib/admin-api.ts';
import { uploadImages } from '../../lib/image-upload.ts';
import { PhotoPickers } from '../photo-pickers.tsx';
import { getProduct } from '../products-api.ts';
import { PhotoCard } from './photo-card.tsx';

type Images = ProductImagesResponse['data'];

/** The API path of a product's photos. */
export const imagesPath = (id: string) => `/admin/products/${encodeURIComponent(id)}/images`;

/**
 * /admin/products/:productId/photos: the product's photos on a page of their own (the editor
 * shows the same, `ProductPhotos`, in its Photos card).
 */
export function Component() {
  const { productId = '' } = useParams();
  const product = useQuery({
    queryKey: ['admin-product', productId],
    queryFn: () => getProduct(encodeURIComponent(productId)),
  });
  if (product.error) {
    return (
      <AdminPage title="Photos">
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {errorText(product.error)}
        </p>
        <Link to="/products" className="text-orange-800 underline">
          Back to products
        </Link>
      </AdminPage>
    );
  }
  return (
    <AdminPage
      title={product.data ? `Photos: ${product.data.title}` : 'Photos'}
      actions={
        <Link
          to={`/products/${encodeURIComponent(productId)}`}
          className="inline-flex min-h-tap items-center text-sm font-semibold text-orange-800 underline"
        >
          Back to the product
        </Link>
      }
    >
      <ProductPhotos productId={productId} />
    </AdminPage>
  );
}

/**
 * A product's photos: upload (drag and drop, the file picker, or the phone's camera with "Take
 * a photo"), reorder, make one the main photo, delete one.
 */
export function ProductPhotos({ productId }: { productId: string }) {
  const client = useQueryClient();
  const key = ['admin-product-images', productId];
  const images = useQuery({
    queryKey: key,
    queryFn: async () =>
      (await adminJson<ProductImagesResponse>('GET', imagesPath(productId))).data,
  });
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const settle = (data: Images, text: string) => {
    client.setQueryData(key, data);
    void client.invalidateQueries({ queryKey: ['admin-product', productId] });
    void client.invalidateQueries({ queryKey: ['admin-products'] });
    setMessage({ ok: true, text });
  };
  const fail = (err: unknown) => setMessage({ ok: false, text: errorText(err) });

  const upload = useMutation({
    mutationFn: (files: File[]) =>
      uploadImages<ProductImagesResponse>(imagesPath(productId), files, setProgress),
    onMutate: () => {
      setMessage(null);
      setProgress(0);
    },
    onSuccess: (res, files) =>
      settle(
        res.data,
        files.length === 1 ? 'Photo added.' : `${String(files.length)} photos added.`,
      ),
    // The server names the file by its place (field images.1); the shop owner knows it by its
    // name, so the message is said of the file.
    onError: (err, files) => {
      const place = err instanceof ServerError ? /^images\.(\d+)$/.exec(err.field ?? '') : null;
      const file = place ? files[Number(place[1])]?.name : undefined;
      setMessage({ ok: false, text: file ? `${file}: ${errorText(err)}` : errorText(err) });
    },
    onSettled: () => {
      setProgress(null);
      if (input.current) input.current.value = '';
    },
  });
  const arrange = useMutation({
    mutationFn: (order: string[]) =>
      adminJson<ProductImagesResponse>('PATCH', imagesPath(productId), { images: order }),
    onSuccess: (res, order) =>
      settle(
        res.data,
        order[0] === images.data?.images[0]?.url ? 'Order saved.' : 'Main photo changed.',
      ),
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (url: string) =>
      adminJson<ProductImagesResponse>(
        'DELETE',
        `${imagesPath(productId)}?url=${encodeURIComponent(url)}`,
      ),
    onSuccess: (res) => {
      setConfirming(null);
      settle(res.data, 'Photo deleted.');
    },
    onError: fail,
  });

  if (images.error) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
        {errorText(images.error)}
      </p>
    );
  }

  const list = images.data?.images ?? [];
  const busy = upload.isPending || arrange.isPending || remove.isPending;
  const add = (files: FileList | null | undefined) => {
    const chosen = [...(files ?? [])];
    if (chosen.length > 0) upload.mutate(chosen);
  };
  const move = (from: number, to: number) => {
    const order = list.map((i) => i.url);
    const [moved] = order.splice(from, 1);
    order.splice(to, 0, moved!);
    arrange.mutate(order);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!busy) add(e.dataTransfer.files);
  };

  return (
    <div className="flex flex-col gap-4">
      <div
        data-testid="photo-drop-zone"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed p-6 text-center ${dragging ? 'border-orange-700 bg-orange-50' : 'border-slate-300 bg-white'}`}
      >
        <p className="text-sm text-slate-700">
          Drop photos here, or choose them (on a phone you can take one). JPEG, PNG, WebP or AVIF;
          the first photo is the main one.
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <PhotoPickers chooseLabel="Add photos" disabled={busy} chooseRef={input} onFiles={add} />
        </div>
        {progress !== null && (
          <div className="flex w-full max-w-sm items-center gap-2">
            <progress
              max={1}
              value={progress}
              aria-label="Upload progress"
              className="h-2 flex-1"
            />
            <span className="text-sm text-slate-700">{Math.round(progress * 100)}%</span>
          </div>
        )}
      </div>

      {message && (
        <p
          role={message.ok ? 'status' : 'alert'}
          className={`rounded-lg p-3 text-sm font-medium ${message.ok ? 'bg-emerald-50 text-emerald-900' : 'bg-red-50 text-red-800'}`}
        >
          {message.text}
        </p>
      )}

      {images.isPending ? (
        <p className="text-slate-700">Loading the photos…</p>
      ) : list.length === 0 ? (
        <p className="text-slate-700">No photos yet.</p>
      ) : (
        <ol aria-label="Photos" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((image, i) => (
            <PhotoCard
              key={image.url}
              image={image}
              index={i}
              count={list.length}
              busy={busy}
              confirming={confirming === image.url}
              onUp={() => move(i, i - 1)}
              onDown={() => move(i, i + 1)}
              onMain={() => move(i, 0)}
              onAskDelete={() => setConfirming(image.url)}
              onCancelDelete={() => setConfirming(null)}
              onDelete={() => remove.mutate(image.url)}
            />
          ))}
        </ol>
      )}
    </div>
  );
}
