import { createRoot } from 'react-dom/client';
import { Admin, ListGuesser, Resource, type AuthProvider, type DataProvider } from 'react-admin';

/**
 * The reference of the login-page size bench: react-admin's own Admin with one resource and
 * its default login page, as its tutorial starts. Never shipped.
 */
const authProvider: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => Promise.reject(new Error('logged out')),
  checkError: async () => undefined,
  getPermissions: async () => undefined,
};

const dataProvider: DataProvider = {
  getList: async () => ({ data: [], total: 0 }),
  getOne: async () => Promise.reject(new Error('none')),
  getMany: async () => ({ data: [] }),
  getManyReference: async () => ({ data: [], total: 0 }),
  create: async () => Promise.reject(new Error('none')),
  update: async () => Promise.reject(new Error('none')),
  updateMany: async () => ({ data: [] }),
  delete: async () => Promise.reject(new Error('none')),
  deleteMany: async () => ({ data: [] }),
};

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <Admin authProvider={authProvider} dataProvider={dataProvider} requireAuth>
      <Resource name="posts" list={ListGuesser} />
    </Admin>,
  );
}
