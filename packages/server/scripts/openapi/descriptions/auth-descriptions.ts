import { d, forMethods, type DescriptionTable } from './route-description.js';

const LOGIN = d('Log in: answers an accessToken for the other routes', 'username! password!');
const USER = '/nacos/v3/auth/user';
const ROLE = '/nacos/v3/auth/role';

export const AUTH_DESCRIPTIONS: DescriptionTable = {
  ...forMethods('GET POST', '/nacos/v1/auth/login', LOGIN),
  ...forMethods('GET POST', '/nacos/v1/auth/users/login', LOGIN),
  ...forMethods('GET POST', `${USER}/login`, LOGIN),
  ...forMethods('GET POST', '/rnacos/v1/auth/user/login', d("Log in (r-nacos's route)", 'username! password!')),
  [`POST ${USER}`]: d('Create a user (admins)', 'username! password!'),
  [`PUT ${USER}`]: d("Change a user's password (admins)", 'username! newPassword!'),
  [`DELETE ${USER}`]: d('Remove a user (admins)', 'username!'),
  [`GET ${USER}/list`]: d('Users (admins)', 'pageNo pageSize username'),
  [`GET ${USER}/search`]: d('User names containing a text (admins)', 'username!'),
  [`POST ${USER}/admin`]: d("nacos's first-admin setup: refused, an admin always exists here"),
  [`POST ${ROLE}`]: d('Give a user a role (admins)', 'role! username!'),
  [`DELETE ${ROLE}`]: d('Take a role from a user (admins)', 'role! username'),
  [`GET ${ROLE}/list`]: d('Roles of users (admins)', 'pageNo pageSize username role'),
  [`GET ${ROLE}/search`]: d('Role names containing a text (admins)', 'role!'),
};
