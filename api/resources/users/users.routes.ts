/** Users resource; every user may show and edit their own record (the profile page). */
import type { ResourceModule } from '../module.js';
import { usersList } from './users.repository.js';
import { createUser, deleteUser, presentUser, updateUser, userIncludes, userVerdicts } from './users.service.js';

export const usersModule: ResourceModule = {
  name: 'users',
  list: usersList,
  verdicts: async (rows, actor) => userVerdicts(rows, actor),
  permits: (actor, _action, id) => actor.id === id,
  present: presentUser,
  include: userIncludes,
  create: createUser,
  update: updateUser,
  remove: deleteUser,
};
