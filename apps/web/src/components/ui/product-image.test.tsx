import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IMAGE_SIZES } from '@shop/domain';
import { ProductImage } from './product-image.tsx';

const base = '/api/uploads/products/urbanroll/0123456789abcdef-320-640';

describe('ProductImage', () => {
  it("gives an upload's renditions as srcset with the card's sizes", () => {
    render(<ProductImage src={`${base}/640.webp`} alt="Skates" />);
    const img = screen.getByRole('img', { name: 'Skates' });
    expect(img).toHaveAttribute('src', `${base}/640.webp`);
    expect(img).toHaveAttribute('srcset', `${base}/320.webp 320w, ${base}/640.webp 640w`);
    expect(img).toHaveAttribute('sizes', IMAGE_SIZES.card);
  });

  it('shows a plain URL (seeded artwork) as it is', () => {
    render(<ProductImage src="/api/uploads/urbanroll/products/skate.svg" alt="Skate" />);
    const img = screen.getByRole('img', { name: 'Skate' });
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
  });

  it('loads lazily by default, and the largest image at once and first', () => {
    render(<ProductImage src="/a.svg" alt="Card" />);
    expect(screen.getByRole('img', { name: 'Card' })).toHaveAttribute('loading', 'lazy');
    expect(screen.getByRole('img', { name: 'Card' })).not.toHaveAttribute('fetchpriority');
    render(<ProductImage src="/b.svg" alt="Largest" highPriority />);
    const img = screen.getByRole('img', { name: 'Largest' });
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });
});
