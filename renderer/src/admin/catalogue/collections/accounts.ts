/** Users and companies (administrators only: for other accounts the service answers 403). */
import type { CollectionDesc } from '../descriptor';

const yes = (v: unknown) => (v === true ? 'Yes' : v === false ? 'No' : '');

export const accountCollections: CollectionDesc[] = [
  {
    id: 'users',
    title: 'Users',
    one: 'user',
    columns: [
      { field: 'Id', label: 'Id', width: '70px' },
      { field: 'Login', label: 'Login', width: '150px' },
      { field: 'Name', label: 'Name', width: 'minmax(160px, 1fr)' },
      { field: 'Email', label: 'E-mail', width: 'minmax(160px, 1fr)' },
      { field: 'IsAdmin', label: 'Admin', width: '70px', show: yes },
      { field: 'CompanyId', label: 'Company', width: '150px', of: 'companies' },
    ],
    fields: [
      { name: 'Login', label: 'Login', kind: 'text' },
      { name: 'Name', label: 'Name', kind: 'text' },
      { name: 'Email', label: 'E-mail', kind: 'text' },
      { name: 'Password', label: 'Password', kind: 'password', help: 'Leave empty to keep the current password' },
      { name: 'IsAdmin', label: 'Administrator', kind: 'checkbox' },
      { name: 'CompanyId', label: 'Company', kind: 'ref', of: 'companies', help: 'None: your own company' },
    ],
    blank: { Login: '', Name: '', Email: '', Password: '', IsAdmin: false, CompanyId: 0 },
  },
  {
    id: 'companies',
    title: 'Companies',
    one: 'company',
    columns: [
      { field: 'Id', label: 'Id', width: '70px' },
      { field: 'Name', label: 'Name', width: 'minmax(160px, 1fr)' },
      { field: 'Country', label: 'Country', width: '110px' },
      { field: 'TimeZone', label: 'Time zone', width: '150px' },
      { field: 'Active', label: 'Active', width: '70px', show: yes },
    ],
    fields: [
      { name: 'Name', label: 'Name', kind: 'text' },
      { name: 'Country', label: 'Country', kind: 'text' },
      { name: 'TimeZone', label: 'Time zone', kind: 'text' },
      { name: 'Email', label: 'E-mail', kind: 'text' },
      { name: 'Phone', label: 'Phone', kind: 'text' },
      { name: 'Active', label: 'Active', kind: 'checkbox' },
    ],
    blank: { Name: '', Country: '', TimeZone: 'UTC', Email: '', Phone: '', Active: true },
    note: 'The service offers no way to delete a company.',
  },
];
