// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';

async function freshModule(block: string | null) {
  document.body.innerHTML = '';
  if (block !== null) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'first-screen-data';
    script.textContent = block;
    document.body.append(script);
  }
  vi.resetModules();
  return import('./first-screen.ts');
}

describe('first-screen answers', () => {
  it('hands out the answer for a path once, whatever the order of its query parameters', async () => {
    const { takeFirstScreenAnswer } = await freshModule(
      JSON.stringify({
        '/meta/urbanroll': { isError: false, data: { title: 'Shop' } },
        '/list/urbanroll?sort=new&page=1': { data: [1, 2] },
      }),
    );
    expect(takeFirstScreenAnswer('/meta/urbanroll')).toEqual({
      isError: false,
      data: { title: 'Shop' },
    });
    expect(takeFirstScreenAnswer('/meta/urbanroll')).toBeUndefined();
    expect(takeFirstScreenAnswer('/list/urbanroll?page=1&sort=new')).toEqual({ data: [1, 2] });
    expect(takeFirstScreenAnswer('/list/urbanroll?page=2&sort=new')).toBeUndefined();
  });

  it('reads `<` escaped as \\u003c back as text', async () => {
    const { takeFirstScreenAnswer } = await freshModule('{"/p":{"title":"\\u003c/script> tee"}}');
    expect(takeFirstScreenAnswer('/p')).toEqual({ title: '</script> tee' });
  });

  it('has nothing to hand out without a block or with a damaged one', async () => {
    expect((await freshModule(null)).takeFirstScreenAnswer('/meta/urbanroll')).toBeUndefined();
    expect((await freshModule('{"/meta/ur')).takeFirstScreenAnswer('/meta/ur')).toBeUndefined();
  });
});
