import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveAdminSession } from '../lib/admin-session.ts';
import { CourseDetailsCard } from './course-details-form.tsx';

const writes: { url: string; body: unknown }[] = [];
function stubApi() {
  writes.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(init.body as string) as Record<string, string>) : null;
      if (body) writes.push({ url, body });
      const data = body ?? { batch: 'Batch A', schedule: '', age_group: '', place: '' };
      return Promise.resolve(
        new Response(JSON.stringify({ isError: false, data }), { status: 200 }),
      );
    }),
  );
}
afterEach(() => vi.unstubAllGlobals());

function renderCard(category: string) {
  saveAdminSession(
    { user_id: 'u1', email: 'o@example.com', full_name: 'O', main_id: 'x', role: 'staff' },
    { accessToken: 'a', refreshToken: 'r' },
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <CourseDetailsCard product={{ product_id: 'c1', category }} />
    </QueryClientProvider>,
  );
}

describe('the course details card of the product editor (issue 59 item 5)', () => {
  it('edits a course’s batch, schedule, age group and place and saves them on their own', async () => {
    stubApi();
    renderCard(' Courses ');
    const batch = await screen.findByLabelText('Batch');
    await vi.waitFor(() => expect(batch).toHaveValue('Batch A'));
    fireEvent.change(screen.getByLabelText('Schedule'), { target: { value: 'Sat, 7 am' } });
    fireEvent.change(screen.getByLabelText('Age group'), { target: { value: '5 to 8 years' } });
    fireEvent.change(screen.getByLabelText('Place'), { target: { value: 'Malad rink' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save course details' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(writes).toEqual([
      {
        url: '/api/admin/courses/c1/details',
        body: {
          batch: 'Batch A',
          schedule: 'Sat, 7 am',
          age_group: '5 to 8 years',
          place: 'Malad rink',
        },
      },
    ]);
  });

  it('is not shown for a product that is not a course', () => {
    stubApi();
    renderCard('Helmets');
    expect(screen.queryByRole('form', { name: 'Course details' })).not.toBeInTheDocument();
  });
});
