import type { AccountUser } from '@shop/contracts';

/** A signed-in user for unit tests. */
export const testUser: AccountUser = {
  user_id: 'u1',
  id: 'u1',
  full_name: 'Asha Rao',
  name: 'Asha Rao',
  email: 'asha@example.com',
  mobile: '9876543210',
  user_gstNo: '',
};
