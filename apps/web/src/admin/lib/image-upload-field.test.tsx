import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServerError } from '../../lib/api-request.ts';
import { ImageUploadField } from './image-upload-field.tsx';
import { uploadImages } from './image-upload.ts';

vi.mock('./image-upload.ts', () => ({ uploadImages: vi.fn() }));
const upload = vi.mocked(uploadImages);
afterEach(() => upload.mockReset());

const STORED = '/api/uploads/media/urbanroll/0123456789abcdef-256/256.webp';

function Screen({ initial = '' }: { initial?: string }) {
  const [url, setUrl] = useState(initial);
  return (
    <>
      <ImageUploadField label="Category icon" value={url} onChange={setUrl} />
      <output data-testid="saved">{url}</output>
    </>
  );
}

const choose = (file: File, label = 'Choose image') =>
  fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });

describe('ImageUploadField', () => {
  it('uploads the chosen file to the media route and hands back its URL', async () => {
    upload.mockResolvedValue({ isError: false, data: { url: STORED, widths: [256] } });
    render(<Screen />);
    expect(screen.getByLabelText('Choose image')).toHaveAttribute('accept', 'image/*');
    const file = new File(['png'], 'icon.png', { type: 'image/png' });
    choose(file);
    expect(await screen.findByAltText('Category icon: current image')).toHaveAttribute(
      'src',
      STORED,
    );
    expect(screen.getByTestId('saved')).toHaveTextContent(STORED);
    expect(upload).toHaveBeenCalledWith('/admin/media/images', [file], expect.any(Function));
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByTestId('saved')).toHaveTextContent('');
  });

  it("shows the server's refusal and keeps the old image", async () => {
    upload.mockRejectedValue(new ServerError(400, 'Not a photo we can read.', 'images.0'));
    render(<Screen initial={STORED} />);
    choose(new File(['text'], 'notes.jpg', { type: 'image/jpeg' }), 'Replace image');
    expect(await screen.findByRole('alert')).toHaveTextContent('Not a photo we can read');
    expect(screen.getByTestId('saved')).toHaveTextContent(STORED);
  });
});
