/** Users and companies (administrators only: for other accounts the service answers 403). */
import { yesNo as yes, type CollectionDesc } from '../descriptor';

export const accountCollections: CollectionDesc[] = [
  {
    id: 'users',
    columns: [
      { field: 'Id', label: 'catalogue.field.id', width: '70px' },
      { field: 'Login', label: 'catalogue.field.login', width: '150px' },
      { field: 'Name', label: 'catalogue.field.personName', width: 'minmax(160px, 1fr)' },
      { field: 'Email', label: 'catalogue.field.email', width: 'minmax(160px, 1fr)' },
      { field: 'IsAdmin', label: 'catalogue.field.admin', width: '70px', show: yes },
      { field: 'CompanyId', label: 'catalogue.field.company', width: '150px', of: 'companies' },
    ],
    fields: [
      { name: 'Login', label: 'catalogue.field.login', kind: 'text' },
      { name: 'Name', label: 'catalogue.field.personName', kind: 'text' },
      { name: 'Email', label: 'catalogue.field.email', kind: 'text' },
      { name: 'Password', label: 'catalogue.field.password', kind: 'password', help: 'catalogue.help.password' },
      { name: 'IsAdmin', label: 'catalogue.field.administrator', kind: 'checkbox' },
      { name: 'CompanyId', label: 'catalogue.field.company', kind: 'ref', of: 'companies', help: 'catalogue.help.ownCompany' },
    ],
    blank: { Login: '', Name: '', Email: '', Password: '', IsAdmin: false, CompanyId: 0 },
  },
  {
    id: 'companies',
    columns: [
      { field: 'Id', label: 'catalogue.field.id', width: '70px' },
      { field: 'Name', label: 'catalogue.field.name', width: 'minmax(160px, 1fr)' },
      { field: 'Country', label: 'catalogue.field.country', width: '110px' },
      { field: 'TimeZone', label: 'catalogue.field.timeZone', width: '150px' },
      { field: 'Active', label: 'catalogue.field.active', width: '70px', show: yes },
    ],
    fields: [
      { name: 'Name', label: 'catalogue.field.name', kind: 'text' },
      { name: 'Country', label: 'catalogue.field.country', kind: 'text' },
      { name: 'TimeZone', label: 'catalogue.field.timeZone', kind: 'text' },
      { name: 'Email', label: 'catalogue.field.email', kind: 'text' },
      { name: 'Phone', label: 'catalogue.field.phone', kind: 'text' },
      { name: 'Active', label: 'catalogue.field.active', kind: 'checkbox' },
    ],
    blank: { Name: '', Country: '', TimeZone: 'UTC', Email: '', Phone: '', Active: true },
    note: 'catalogue.collections.companies.note',
  },
];
