/** Users resource; who may do what is core/policies/users.policy.ts (everyone shows and edits themselves). */
import { userCrudAllowed } from '../../../core/policies/users.policy.js';
import type { ResourceModule } from '../module.js';
import { usersList } from './users.repository.js';
import { createUser, deleteUser, presentUser, updateUser, userIncludes, userVerdicts } from './users.service.js';

export const usersModule: ResourceModule = {
  name: 'users',
  list: usersList,
  verdicts: async (rows, actor) => userVerdicts(rows, actor),
  permits: (actor, action, id) => userCrudAllowed(actor, action, id),
  present: presentUser,
  include: userIncludes,
  create: createUser,
  update: updateUser,
  remove: deleteUser,
};
