import { describe, expect, it } from 'vitest';
import { signupRequestSchema, updateUserRequestSchema } from './accounts.ts';

const signup = (mobile: string) =>
  signupRequestSchema.safeParse({
    email: 'asha@example.com',
    mobile,
    full_name: 'Asha',
    password: 'secret123',
    main_id: 'urbanroll',
  });

describe('mobile numbers as people type them (issue 29)', () => {
  it.each([
    ['+91 98200 12345', '9820012345'],
    ['+91-98200-12345', '9820012345'],
    ['098200 12345', '9820012345'],
    ['9820012345', '9820012345'],
    ['', ''],
  ])('signup reads %j as %j', (typed, stored) => {
    const parsed = signup(typed);
    expect(parsed.success && parsed.data.mobile).toBe(stored);
  });

  it.each(['9198200', '+91 98200 1234', '98200123456'])(
    'signup refuses %j by its length',
    (typed) => {
      const parsed = signup(typed);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]).toMatchObject({
        path: ['mobile'],
        message: 'Please enter a valid 10-digit mobile number.',
      });
    },
  );

  it('the profile update reads +91 too, and still needs 10 digits', () => {
    const parsed = updateUserRequestSchema.safeParse({ mobile: '+91 98200 12345' });
    expect(parsed.success && parsed.data.mobile).toBe('9820012345');
    expect(updateUserRequestSchema.safeParse({ mobile: '' }).success).toBe(false);
  });
});
